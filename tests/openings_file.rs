//! The committed openings regenerate byte for byte: the first line of openings/chu.txt is
//! the command that wrote it; running that command through the binary gives the same file.
//! (scripts/gen-openings.sh --check does this for every variant.)

use std::process::Command;

#[test]
fn chu_openings_regenerate_byte_for_byte() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(root.join("openings/chu.txt")).expect("openings");
    let header = committed.lines().next().expect("header line");
    let args: Vec<&str> = header
        .split_once("largeshogi ")
        .map(|(_, cmd)| cmd.split_whitespace().collect())
        .expect("the header names the command");
    assert_eq!(args.first(), Some(&"openings"), "{header}");
    assert!(
        args.contains(&"--seed"),
        "fixed seed in the header: {header}"
    );
    let out = std::env::temp_dir().join(format!("ls-openings-{}.txt", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(&args)
        .arg("--out")
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("largeshogi runs");
    assert!(status.success());
    let fresh = std::fs::read_to_string(&out).expect("generated file");
    let _ = std::fs::remove_file(&out);
    assert!(
        fresh == committed,
        "openings/chu.txt differs from a fresh generation: run scripts/gen-openings.sh"
    );
}
