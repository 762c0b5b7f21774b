//! Tai shogi (泰将棋): 25x25, 177 pieces a side of 93 kinds, the Emperor, Lion and Lion-Dog
//! power, hook movers and promotion by capture. The table follows
//! docs/rules/tai.md section 3 cell by cell (one direction per cell, relative to the
//! owner, in the order F FL FR L R B BL BR) with the defaults of its section 7.
//!
//! Kinds and states: the 118 kinds of the rules (93 that start on the board, 25 that only
//! arise by promotion) are the data below. A piece promotes at most once (tai.md 5), so a
//! promoted piece is its own state, written `+` and its original code: `+P` moves as a
//! Gold General but is not a `G` (which would promote again). That gives 93 + 88 = 181
//! piece states, the rows of the variant table.

use super::schema::{find, row, with_promoted_states, Row};
use super::{kanji, Perpetual, PromotionRule, Rules, Variant, VariantSpec};
use crate::movement::*;

/// Start position (tai.md 2). Tai's codes are not prefix-free (`FD` + `E` would read as
/// `FDE`), so adjacent pieces in a rank are separated by a comma.
pub const START_SFEN: &str = "l,wt,w,fd,lgn,d,r,dh,dk,fk,g,dsp,e,dv,g,fk,dk,dh,r,d,lgn,fd,w,ts,l/rc,sdr,se,n,ps,ftp,b,fe,we,fde,s,rg,cp,lg,s,fde,we,fe,b,ftp,ps,n,se,sdr,rc/sch,wh,rs,vo,csw,bb,sde,gde,bm,bt,sd,gg,nk,wr,bde,bt,bm,gde,sde,bb,csw,vo,rs,wh,sch/so,wbf,fl,nb,sb,cc,hf,om,rb,pc,gbd,ph,ln,ky,gd,pc,ok,om,hf,cc,eb,wb,fl,wbf,so/rch,vs,wo,ea,st,t,i,c,or,cs,rd,hm,de,ca,rd,cs,or,c,i,t,st,ea,wo,bd,lch/hd,fh,eba,do,fo,sm,vm,vbe,sbr,pst,ab,ew,ld,ew,ab,pst,sbr,vbe,vm,sm,fo,do,eba,fh,hd/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/7gb9gb7/25/25/25/25/25/25/25/25/25/7GB9GB7/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/HD,FH,EBA,DO,FO,SM,VM,VBE,SBR,PST,AB,EW,LD,EW,AB,PST,SBR,VBE,VM,SM,FO,DO,EBA,FH,HD/LCH,BD,WO,EA,ST,T,I,C,OR,CS,RD,CA,DE,HM,RD,CS,OR,C,I,T,ST,EA,WO,VS,RCH/SO,WBF,FL,WB,EB,CC,HF,OM,OK,PC,GD,KY,LN,PH,GBD,PC,RB,OM,HF,CC,SB,NB,FL,WBF,SO/SCH,WH,RS,VO,CSW,BB,SDE,GDE,BM,BT,BDE,WR,NK,GG,SD,BT,BM,GDE,SDE,BB,CSW,VO,RS,WH,SCH/RC,SDR,SE,N,PS,FTP,B,FE,WE,FDE,S,LG,CP,RG,S,FDE,WE,FE,B,FTP,PS,N,SE,SDR,RC/L,TS,W,FD,LGN,D,R,DH,DK,FK,G,DV,E,DSP,G,FK,DK,DH,R,D,LGN,FD,W,WT,L b - 1";

/// The start position as the QBoard GUI writes it (its own piece letters), for reading
/// its `setboard` (`notation::qboard`).
pub const QBOARD_START: &str = "lj~w`f'j'd~rhdqgg!e`a!gqdhrd~j'f'w`v~l/az~e!ym'p'by~o'u'sr~p`l~su'o'y~bp'm'ye!z~a/g~h`z'v'zl!t~s~c~tt!r!b~p!s!tc~s~t~l!zv'z'h`g~/w~w!fh'g'k!f!m!x'x~p~xnoq~x~k'm!f!k!c'b'fw!w~/r'u~w'e'ut'jco!i!j!y!ex!j!i!o!cjt'ue'w'k~l'/m~a~e~u!o`mvn~y'i~a'wn!wa'i~y'n~vmo`u!e~a~m~/ppppppppppppppppppppppppp/7i9i7/25/25/25/25/25/25/25/25/25/7I9I7/PPPPPPPPPPPPPPPPPPPPPPPPP/M~A~E~U!O`MVN~Y'I~A'WN!WA'I~Y'N~VMO`U!E~A~M~/L'K~W'E'UT'JCO!I!J!X!EY!J!I!O!CJT'UE'W'U~R'/W~W!FB'C'K!F!M!K'X~Q~ONXP~X~X'M!F!K!G'H'FW!W~/G~H`Z'V'ZL!T~S~C~TS!P!B~R!T!TC~S~T~L!ZV'Z'H`G~/AZ~E!YM'P'BY~O'U'SL~P`R~SU'O'Y~BP'M'YE!Z~A/LV~W`F'J'D~RHDQGA!E`G!GQDHRD~J'F'W`J~L";

/// Positions for `largeshogi bench`: the start, and move 41 of an engine self-play game
/// (Emperors at home, promoted pieces on both sides, Black far ahead).
pub const BENCH_SFENS: &[&str] = &[
    START_SFEN,
    "l,wt,w,fd,lgn,d,r,dh,dk,fk,g,dsp,rg,dv,g,fk,dk,dh,r,d,lgn,fd,w,ts,l/rc,sdr,se,n,ps,ftp,b,fe,we,fde,s,e,cp,lg,s,fde,we,fe,b,ftp,ps,n,se,sdr,rc/sch,wh,rs,vo,csw,bb,sde,gde,bm,bt,sd,gg,nk,wr,bde,bt,bm,gde,sde,bb,csw,vo,rs,wh,sch/so,wbf,fl,nb,sb,cc,hf,om,rb,pc,gbd,ph,ln,ky,gd,pc,ok,om,hf,cc,eb,wb,fl,wbf,so/rch,vs,wo,ea,st,t,i,c,or,cs,rd,hm,de1rd,cs,or1i,t,st,ea,wo,bd,lch/hd,fh,eba,do1sm,vm,vbe,pst1ab,ew1ew,ab,pst,c,vbe,vm,sm,fo,do,eba,fh,hd/p,p,p,p,p1p,p,p3p,p,p1p,p,p,p,p,p,p1p/5p1gb2p,p3p1gb5p1/9+FO15/25/25/25/8sbr2+FH13/25/25/25/13CA11/5P1GB5P3GB7/P1P,P,P1P,P,P,P,P,P,P,GD,P,P,P,P,P,P,P,+DO,P,P,P/HD1EBA,DO1SM,VM,VBE,SBR,PST,AB,EW1EW,AB,PST,SBR,VBE,VM,SM,FO1EBA,FH,HD/LCH,BD,WO,EA,ST,T,I,C,OR,CS,RD1DE,HM,RD,CS,OR,C,I,T,ST,EA,WO,VS,RCH/SO,WBF,FL,WB,EB,CC,HF,OM,OK,PC1KY,LN,PH,GBD,PC,RB,OM,HF,CC,SB,NB,FL,WBF,SO/SCH,WH,RS,VO,CSW,BB,SDE,GDE,BM,BT,BDE,WR,NK,GG,SD,BT,BM,GDE,SDE,BB,CSW,VO,RS,WH,SCH/RC,SDR,SE,N,PS,FTP,B,FE,WE,FDE,S,E,CP,RG,S,FDE,WE,FE,B,FTP,PS,N,SE,SDR,RC/L,TS,W,FD,LGN,D,R,DH,DK,FK,G,DV,LG,DSP,G,FK,DK,DH,R,D,LGN,FD,W,WT,L b - 41",
];

/// One kind of the rules' table: its row (powers written as the table's eight cells, see
/// `cell_atoms`) and how many each side has at the start (0: a kind reached only by
/// promotion).
struct Kind {
    row: Row,
    per_side: u8,
}

impl Kind {
    fn royal(self) -> Kind {
        Kind {
            row: self.row.royal(),
            ..self
        }
    }

    fn pawnlike(self) -> Kind {
        Kind {
            row: self.row.pawnlike(),
            ..self
        }
    }
}

/// A kind from the rules' table: code, name, the cells for F, FL, FR, L, R, B, BL, BR, the
/// kind it promotes to, value (ShogiVar's value field), pieces per side at the start.
fn kind(
    code: &'static str,
    name: &'static str,
    cells: [&'static str; 8],
    promotes_to: Option<&'static str>,
    value: i32,
    per_side: u8,
) -> Kind {
    let mut row = row(code, name, kind_atoms(&cells), value);
    row.promotes_to = promotes_to;
    Kind { row, per_side }
}

/// The 118 kinds, grouped as tai.md section 3 groups them (the kanji after each row).
fn kinds_table() -> Vec<Kind> {
    [
        non_promoting(),
        promoting_to_gold(),
        promoting_to_others(),
        promoted_only(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The kinds that never promote (tai.md 3, "Non-promoting").
#[rustfmt::skip]
fn non_promoting() -> Vec<Kind> { vec![
    kind("E", "Emperor", ["U", "U", "U", "U", "U", "U", "U", "U"], None, 100, 1).royal(), // 自在天王 Emperor (value derived: ShogiVar's 999 is a royal sentinel)
    kind("CP", "Crown Prince", ["1", "1", "1", "1", "1", "1", "1", "1"], None, 25, 1).royal(), // 太子 Crown Prince (value derived: ShogiVar's 150 is a royal sentinel)
    kind("DH", "Dragon Horse", ["1", "*", "*", "1", "1", "1", "*", "*"], None, 17, 2), // 龙马 / 龍馬 Dragon Horse
    kind("DK", "Dragon King", ["*", "1", "1", "*", "*", "*", "1", "1"], None, 20, 2), // 龙王 / 龍王 Dragon King
    kind("FK", "Free King", ["*", "*", "*", "*", "*", "*", "*", "*"], None, 28, 2), // 奔王 Free King
] }

/// The kinds that promote to a Gold General (tai.md 3).
#[rustfmt::skip]
fn promoting_to_gold() -> Vec<Kind> { vec![
    kind("P", "Pawn", ["1", "-", "-", "-", "-", "-", "-", "-"], Some("G"), 1, 25).pawnlike(), // 步兵 / 歩兵 Pawn
    kind("LG", "Left General", ["1", "1", "1", "-", "1", "1", "1", "1"], Some("G"), 7, 1), // 左将 Left General
    kind("RG", "Right General", ["1", "1", "1", "1", "-", "1", "1", "1"], Some("G"), 7, 1), // 右将 Right General
    kind("WO", "Wood General", ["-", "2", "2", "-", "-", "-", "-", "-"], Some("G"), 3, 2), // 木将 Wood General
    kind("FD", "Flying Dragon", ["-", "2", "2", "-", "-", "-", "2", "2"], Some("G"), 6, 2), // 飞龙 / 飛龍 Flying Dragon
    kind("VO", "Violent Ox", ["2", "-", "-", "2", "2", "2", "-", "-"], Some("G"), 7, 2), // 猛牛 Violent Ox
    kind("VBE", "Violent Bear", ["-", "2", "2", "1", "1", "-", "-", "-"], Some("G"), 5, 2), // 猛熊 Violent Bear
    kind("FE", "Fierce Eagle", ["1", "1", "1", "2", "2", "-", "2", "2"], Some("G"), 8, 2), // 猛鹫 / 猛鷲 Fierce Eagle
    kind("N", "Knight", ["N", "-", "-", "-", "-", "-", "-", "-"], Some("G"), 3, 2), // 桂马 / 桂馬 Knight
    kind("DO", "Donkey", ["1+J2", "-", "-", "1", "1", "1+J2", "-", "-"], Some("G"), 4, 2), // 驴马 / 驢馬 Donkey
    kind("L", "Lance", ["*", "-", "-", "-", "-", "-", "-", "-"], Some("G"), 3, 2), // 香车 / 香車 Lance
    kind("RC", "Reverse Chariot", ["*", "-", "-", "-", "-", "*", "-", "-"], Some("G"), 5, 2), // 反车 / 反車 Reverse Chariot
    kind("HD", "Howling Dog", ["*", "-", "-", "-", "-", "1", "-", "-"], Some("G"), 4, 2), // 𠵇犬 Howling Dog
    kind("RS", "Ram's-head Soldier", ["-", "*", "*", "-", "-", "-", "-", "-"], Some("G"), 5, 2), // 羊兵 Ram's-head Soldier
    kind("GDE", "Golden Deer", ["-", "*", "*", "-", "-", "-", "2", "2"], Some("G"), 9, 2), // 金鹿 Golden Deer
    kind("SDE", "Silver Hare", ["-", "2", "2", "-", "-", "-", "*", "*"], Some("G"), 9, 2), // 银兔 / 銀兎 Silver Hare
    kind("SM", "Side Mover", ["1", "-", "-", "*", "*", "1", "-", "-"], Some("G"), 7, 2), // 横行 Side Mover
    kind("VM", "Vertical Mover", ["*", "-", "-", "1", "1", "*", "-", "-"], Some("G"), 7, 2), // 竖行 / 竪行 Vertical Mover
    kind("BD", "Blue Dragon", ["2", "1", "*", "*", "*", "2", "-", "-"], Some("G"), 13, 1), // 青龙 / 青龍 Blue Dragon
    kind("WT", "White Tiger", ["*", "*", "1", "2", "2", "*", "-", "-"], Some("G"), 13, 1), // 白虎 White Tiger
    kind("VS", "Vermilion Sparrow", ["1", "*", "*", "-", "-", "*", "2", "2"], Some("G"), 14, 1), // 朱雀 Vermilion Sparrow
    kind("TS", "Turtle-Snake", ["*", "*", "*", "-", "-", "1", "2", "2"], Some("G"), 14, 1), // 玄武 Turtle-Snake
    kind("WE", "White Elephant", ["2", "2", "2", "2", "2", "2", "*", "*"], Some("G"), 15, 2), // 白象 White Elephant
    kind("SBR", "Standard Bearer", ["*", "*", "*", "2", "2", "2", "2", "2"], Some("G"), 16, 2), // 前旗 Standard Bearer
    kind("LCH", "Left Chariot", ["*", "*", "-", "-", "-", "1", "-", "*"], Some("G"), 10, 1), // 左车 / 左車 Left Chariot
    kind("RCH", "Right Chariot", ["*", "-", "*", "-", "-", "1", "*", "-"], Some("G"), 10, 1), // 右车 / 右車 Right Chariot
    kind("B", "Bishop", ["-", "*", "*", "-", "-", "-", "*", "*"], Some("G"), 9, 2), // 角行 Bishop
    kind("R", "Rook", ["*", "-", "-", "*", "*", "*", "-", "-"], Some("G"), 11, 2), // 飞车 / 飛車 Rook
    kind("SDR", "Side Dragon", ["*", "-", "-", "*", "*", "1", "-", "-"], Some("G"), 10, 2), // 横龙 / 横龍 Side Dragon
    kind("SCH", "Sideways Chariot", ["*", "-", "-", "*", "*", "*", "1", "1"], Some("G"), 18, 2), // 走车 / 走車 Sideways Chariot
    kind("W", "Whale", ["*", "-", "-", "-", "-", "*", "*", "*"], Some("G"), 14, 2), // 鲸鲵 / 鯨鯢 Whale
    kind("WH", "White Horse", ["*", "*", "*", "-", "-", "*", "-", "-"], Some("G"), 14, 2), // 白驹 / 白駒 White Horse
    kind("FO", "Flying Ox", ["*", "*", "*", "-", "-", "*", "*", "*"], Some("G"), 20, 2), // 飞牛 / 飛牛 Flying Ox
    kind("SO", "Soldier", ["*", "-", "-", "*", "*", "*", "*", "*"], Some("G"), 22, 2), // 兵士 Soldier
    kind("BDE", "Buddhist Devil", ["-", "3", "3", "1", "1", "1", "-", "-"], Some("G"), 7, 1), // 罗刹 / 羅刹 Buddhist Devil
    kind("WR", "Wrestler", ["-", "3", "3", "1", "1", "-", "3", "3"], Some("G"), 8, 1), // 力士 Wrestler
    kind("GG", "Guardian of the Gods", ["3", "1", "1", "3", "3", "3", "-", "-"], Some("G"), 8, 1), // 金刚 / 金剛 Guardian of the Gods
    kind("GD", "Great Dragon", ["2", "3", "3", "*", "*", "2", "3", "3"], Some("G"), 16, 1), // 大龙 / 大龍 Great Dragon
    kind("GBD", "Golden Bird", ["*", "3", "3", "2", "2", "*", "3", "3"], Some("G"), 16, 1), // 金翅 Golden Bird
    kind("D", "Dove", ["2", "5", "5", "2", "2", "2", "5", "5"], Some("G"), 16, 2), // 鸠槃 / 鳩槃 Dove
    kind("SD", "She-Devil", ["5", "2", "2", "5", "5", "5", "2", "2"], Some("G"), 11, 1), // 夜叉 She-Devil
    kind("FDE", "Free Demon", ["5", "*", "*", "*", "*", "5", "-", "-"], Some("G"), 26, 2), // 奔鬼 Free Demon
    kind("FTP", "Free Tapir", ["*", "*", "*", "5", "5", "*", "-", "-"], Some("G"), 26, 2), // 奔獏 Free Tapir
    kind("HF", "Horned Falcon", ["L2", "*", "*", "*", "*", "*", "*", "*"], Some("G"), 28, 2), // 角鹰 / 角鷹 Horned Falcon
    kind("SE", "Soaring Eagle", ["*", "L2", "L2", "*", "*", "*", "*", "*"], Some("G"), 28, 2), // 飞鹫 / 飛鷲 Soaring Eagle
    kind("PC", "Peacock", ["-", "H", "H", "-", "-", "-", "2", "2"], Some("G"), 36, 2), // 孔雀 Peacock
    kind("CA", "Capricorn", ["-", "H", "H", "-", "-", "-", "H", "H"], Some("G"), 26, 1), // 摩羯 Capricorn
    kind("LGN", "Long-nosed Goblin", ["1", "H", "H", "1", "1", "1", "H", "H"], Some("G"), 64, 2), // 天狗 Long-nosed Goblin
    kind("HM", "Hook Mover", ["H", "-", "-", "H", "H", "H", "-", "-"], Some("G"), 30, 1), // 钩行 / 鉤行 Hook Mover
] }

/// The kinds that promote to their ranging version or to another kind (tai.md 3).
#[rustfmt::skip]
fn promoting_to_others() -> Vec<Kind> { vec![
    kind("G", "Gold General", ["1", "1", "1", "1", "1", "1", "-", "-"], Some("FGO"), 6, 2), // 金将 Gold General
    kind("S", "Silver General", ["1", "1", "1", "-", "-", "-", "1", "1"], Some("FSI"), 5, 2), // 银将 / 銀将 Silver General
    kind("C", "Copper General", ["1", "1", "1", "-", "-", "1", "-", "-"], Some("FCO"), 4, 2), // 铜将 / 銅将 Copper General
    kind("I", "Iron General", ["1", "1", "1", "-", "-", "-", "-", "-"], Some("FIR"), 3, 2), // 铁将 / 鉄将 Iron General
    kind("T", "Tile General", ["-", "1", "1", "-", "-", "1", "-", "-"], Some("FTI"), 3, 2), // 瓦将 Tile General
    kind("ST", "Stone General", ["-", "1", "1", "-", "-", "-", "-", "-"], Some("FST"), 2, 2), // 石将 Stone General
    kind("EA", "Earth General", ["1", "-", "-", "-", "-", "1", "-", "-"], Some("FEA"), 2, 2), // 土将 Earth General
    kind("GB", "Go-Between", ["1", "-", "-", "-", "-", "1", "-", "-"], Some("FG"), 2, 2).pawnlike(), // 仲人 Go-Between
    kind("BT", "Blind Tiger", ["-", "1", "1", "1", "1", "1", "1", "1"], Some("FT"), 7, 2), // 盲虎 Blind Tiger
    kind("FL", "Ferocious Leopard", ["1", "1", "1", "-", "-", "1", "1", "1"], Some("FLP"), 6, 2), // 猛豹 Ferocious Leopard
    kind("CS", "Coiled Serpent", ["1", "-", "-", "-", "-", "1", "1", "1"], Some("FSE"), 4, 2), // 蟠蛇 Coiled Serpent
    kind("CC", "Chinese Cock", ["-", "1", "1", "1", "1", "1", "-", "-"], Some("WS"), 7, 2), // 淮鸡 / 淮鶏 Chinese Cock
    kind("CSW", "Cat Sword", ["-", "1", "1", "-", "-", "-", "1", "1"], Some("FC"), 4, 2), // 猫刃 / 猫刄 Cat Sword
    kind("BM", "Blind Monkey", ["-", "1", "1", "1", "1", "-", "1", "1"], Some("MW"), 9, 2), // 盲猿 Blind Monkey
    kind("OM", "Old Monkey", ["-", "1", "1", "-", "-", "1", "1", "1"], Some("MW"), 5, 2), // 古猿 Old Monkey
    kind("RD", "Reclining Dragon", ["1", "-", "-", "1", "1", "1", "1", "1"], Some("FDR"), 6, 2), // 卧龙 / 臥龍 Reclining Dragon
    kind("OR", "Old Rat", ["-", "2", "2", "-", "-", "2", "-", "-"], Some("BAT"), 8, 2), // 老鼠 Old Rat
    kind("AB", "Angry Boar", ["1", "-", "-", "1", "1", "1", "-", "-"], Some("FBO"), 5, 2), // 嗔猪 Angry Boar
    kind("BB", "Blind Bear", ["-", "1", "1", "-", "-", "*", "1", "1"], Some("FBE"), 7, 2), // 盲熊 Blind Bear
    kind("EW", "Evil Wolf", ["1", "1", "1", "1", "1", "-", "-", "-"], Some("FW"), 4, 2), // 恶狼 / 悪狼 Evil Wolf
    kind("KY", "Kylin", ["J2", "1", "1", "J2", "J2", "J2", "1", "1"], Some("GD"), 10, 1), // 麒麟 Kylin
    kind("PH", "Phoenix", ["1", "J2", "J2", "1", "1", "1", "J2", "J2"], Some("GBD"), 10, 1), // 凤凰 / 鳳凰 Phoenix
    kind("EB", "Eastern Barbarian", ["2", "-", "-", "-", "1", "2", "-", "-"], Some("LN"), 16, 1), // 东夷 / 東夷 Eastern Barbarian
    kind("WB", "Western Barbarian", ["1", "-", "-", "2", "2", "1", "-", "-"], Some("LD"), 9, 1), // 西戎 Western Barbarian
    kind("SB", "Southern Barbarian", ["-", "-", "-", "1", "-", "-", "2", "2"], Some("WE"), 9, 1), // 南蛮 Southern Barbarian
    kind("NB", "Northern Barbarian", ["-", "2", "2", "1", "1", "-", "1", "1"], Some("FEL"), 9, 1), // 北狄 Northern Barbarian
    kind("NK", "Neighbouring King", ["1", "1", "1", "1", "1", "1", "1", "1"], Some("SBR"), 9, 1), // 近王 Neighbouring King
    kind("PST", "Prancing Stag", ["1", "1", "1", "2", "2", "-", "1", "1"], Some("SMO"), 11, 2), // 踊鹿 Prancing Stag
    kind("FH", "Flying Horse", ["2", "1", "1", "2", "2", "2", "-", "-"], Some("FK"), 12, 2), // 马麟 / 馬麟 Flying Horse
    kind("EBA", "Enchanted Badger", ["2", "-", "-", "2", "2", "-", "-", "-"], Some("D"), 8, 2), // 变狸 / 変狸 Enchanted Badger
    kind("WBF", "Water Buffalo", ["2", "*", "*", "*", "*", "2", "*", "*"], Some("FTP"), 23, 2), // 水牛 Water Buffalo
    kind("RB", "Rushing Bird", ["*", "*", "*", "*", "*", "-", "*", "*"], Some("FDE"), 24, 1), // 行鸟 / 行鳥 Rushing Bird
    kind("OK", "Old Kite Hawk", ["2", "1", "1", "2", "2", "2", "-", "-"], Some("LGN"), 32, 1), // 古鵄 Old Kite Hawk
    kind("PS", "Poisonous Snake", ["J2", "-", "-", "1", "1", "-", "J2", "J2"], Some("HM"), 48, 2), // 毒蛇 Poisonous Snake
    kind("LN", "Lion", ["Ln", "Ln", "Ln", "Ln", "Ln", "Ln", "Ln", "Ln"], Some("FF"), 32, 1), // 狮子 / 獅子 Lion
    kind("LD", "Lion Dog", ["LD", "LD", "LD", "LD", "LD", "LD", "LD", "LD"], Some("GE"), 14, 1), // 狛犬 Lion Dog
    kind("DSP", "Dark Spirit", ["-", "1", "1", "-", "1", "-", "1", "-"], Some("BSP"), 18, 1), // 无明 / 無明 Dark Spirit
    kind("DV", "Deva", ["-", "1", "1", "1", "-", "-", "-", "1"], Some("TK"), 18, 1), // 提婆 Deva
    kind("DE", "Drunk Elephant", ["1", "1", "1", "1", "1", "-", "1", "1"], Some("CP"), 20, 1), // 醉象 / 酔象 Drunk Elephant
] }

/// The kinds reached only by promotion (tai.md 3, "Promoted-only kinds").
#[rustfmt::skip]
fn promoted_only() -> Vec<Kind> { vec![
    kind("FGO", "Free Gold", ["*", "*", "*", "*", "*", "*", "-", "-"], None, 22, 0), // 奔金 Free Gold
    kind("FSI", "Free Silver", ["*", "*", "*", "-", "-", "-", "*", "*"], None, 16, 0), // 奔银 / 奔銀 Free Silver
    kind("FCO", "Free Copper", ["*", "*", "*", "-", "-", "*", "-", "-"], None, 14, 0), // 奔铜 / 奔銅 Free Copper
    kind("FIR", "Free Iron", ["*", "*", "*", "-", "-", "-", "-", "-"], None, 9, 0), // 奔铁 / 奔鉄 Free Iron
    kind("FTI", "Free Tile", ["-", "*", "*", "-", "-", "*", "-", "-"], None, 9, 0), // 奔瓦 Free Tile
    kind("FST", "Free Stone", ["-", "*", "*", "-", "-", "-", "-", "-"], None, 6, 0), // 奔石 Free Stone
    kind("FEA", "Free Earth", ["*", "-", "-", "-", "-", "*", "-", "-"], None, 5, 0), // 奔土 Free Earth
    kind("FG", "Free Go-Between", ["*", "-", "-", "-", "-", "*", "-", "-"], None, 5, 0), // 奔人 Free Go-Between
    kind("FT", "Free Tiger", ["-", "*", "*", "*", "*", "*", "*", "*"], None, 24, 0), // 奔虎 Free Tiger
    kind("FLP", "Free Leopard", ["*", "*", "*", "-", "-", "*", "*", "*"], None, 20, 0), // 奔豹 Free Leopard
    kind("FSE", "Free Serpent", ["*", "-", "-", "-", "-", "*", "*", "*"], None, 14, 0), // 奔蛇 Free Serpent
    kind("WS", "Wizard Stork", ["-", "*", "*", "*", "*", "*", "-", "-"], None, 16, 0), // 仙鹤 / 仙鶴 Wizard Stork
    kind("FC", "Free Cat", ["-", "*", "*", "-", "-", "-", "*", "*"], None, 12, 0), // 奔猫 Free Cat
    kind("MW", "Mountain Witch", ["1", "*", "*", "-", "-", "*", "*", "*"], None, 16, 0), // 山母 Mountain Witch
    kind("FDR", "Free Dragon", ["*", "*", "*", "-", "-", "1", "1", "1"], None, 13, 0), // 奔龙 / 奔龍 Free Dragon
    kind("BAT", "Bat", ["*", "-", "-", "-", "-", "-", "*", "*"], None, 9, 0), // 蝙蝠 Bat
    kind("FBO", "Free Boar", ["-", "*", "*", "*", "*", "-", "*", "*"], None, 20, 0), // 奔猪 Free Boar
    kind("FBE", "Free Bear", ["-", "*+J2", "*+J2", "*", "*", "-", "*", "*"], None, 22, 0), // 奔熊 Free Bear
    kind("FW", "Free Wolf", ["*", "*", "*", "5", "5", "*", "*", "*"], None, 25, 0), // 奔狼 Free Wolf
    kind("FEL", "Fragrant Elephant", ["2", "*", "*", "2", "2", "2", "2", "2"], None, 15, 0), // 香象 Fragrant Elephant
    kind("SMO", "Square Mover", ["*", "1", "1", "*", "*", "*", "-", "-"], None, 18, 0), // 方行 Square Mover
    kind("FF", "Furious Fiend", ["Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD"], None, 35, 0), // 奋迅 / 奮迅 Furious Fiend
    kind("GE", "Great Elephant", ["*+LD", "2", "2", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD"], None, 16, 0), // 大象 Great Elephant
    kind("BSP", "Buddhist Spirit", ["*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln"], None, 50, 0), // 法性 Buddhist Spirit
    kind("TK", "Teaching King", ["*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD"], None, 28, 0), // 教王 Teaching King
] }

/// The table's directions, in its column order.
const COLUMNS: [Dir; 8] = [F, FL, FR, L, R, B, BL, BR];

/// Movement atoms of one cell of the table in direction `d` (tai.md 3, cell legend).
fn cell_atoms(cell: &str, d: Dir) -> Vec<Atom> {
    let twice = (2 * d.0, 2 * d.1);
    let ride = |range| Atom::Ride { dir: d, range };
    match cell {
        "-" => vec![],
        "1" => vec![ride(1)],
        "2" => vec![ride(2)],
        "3" => vec![ride(3)],
        "5" => vec![ride(5)],
        "*" => vec![ride(UNLIMITED)],
        "J2" => vec![Atom::Jump { dir: twice }],
        "1+J2" => vec![ride(1), Atom::Jump { dir: twice }],
        "*+J2" => vec![ride(UNLIMITED), Atom::Jump { dir: twice }],
        // The shogi knight: two forward and one sideways, in the F cell only.
        "N" => vec![Atom::Jump { dir: (-1, 2) }, Atom::Jump { dir: (1, 2) }],
        "H" => vec![Atom::Hook { dir: d }],
        "L2" => vec![Atom::LionLine { dir: d }],
        "LD" => vec![Atom::LionDog { dir: d }],
        "*+LD" => vec![ride(UNLIMITED), Atom::LionDog { dir: d }],
        "Ln" => vec![Atom::Lion],
        "Ln+LD" => vec![Atom::Lion, Atom::LionDog { dir: d }],
        "*+Ln" => vec![ride(UNLIMITED), Atom::Lion],
        "U" => vec![Atom::Emperor],
        other => panic!("tai.rs: unknown table cell {other:?}"),
    }
}

/// The atoms of a kind: its eight cells, with whole-piece powers (Lion, Emperor) once.
fn kind_atoms(cells: &[&str; 8]) -> Vec<Atom> {
    let mut atoms: Vec<Atom> = Vec::new();
    for (cell, &d) in cells.iter().zip(&COLUMNS) {
        for a in cell_atoms(cell, d) {
            if !atoms.contains(&a) {
                atoms.push(a);
            }
        }
    }
    atoms
}

/// The piece states: every starting kind, then the promoted state of each one that
/// promotes, in table order (tai.md 5: a piece promotes at most once).
pub fn rows() -> Vec<Row> {
    let kinds = kinds_table();
    let starting = kinds
        .iter()
        .filter(|k| k.per_side > 0)
        .map(|k| k.row.clone())
        .collect();
    let all: Vec<Row> = kinds.into_iter().map(|k| k.row).collect();
    with_promoted_states(starting, |code| find(&all, code).clone())
}

/// Tai's rule defaults (tai.md 6-7): no bare-King rule, four-fold repetition with the
/// perpetual-check exception, Emperor protection (C), passing allowed.
pub fn default_rules() -> Rules {
    Rules {
        bare_king: false,
        ..Rules::default()
    }
}

pub fn build() -> Variant {
    Variant::build(VariantSpec {
        name: "tai",
        files: 25,
        ranks: 25,
        rows: rows(),
        start_sfen: START_SFEN,
        bench_sfens: BENCH_SFENS,
        // No promotion zone: pieces promote by capturing.
        zone_depth: 0,
        default_rules: default_rules(),
        kanji: kanji::TAI,
        promotion: PromotionRule::OnCapture,
        perpetual: Perpetual::Check,
        qboard_start: Some(QBOARD_START),
        short_quiescence: true,
        ..VariantSpec::default()
    })
}

/// Names of the 118 kinds with their codes (for documentation and tests).
pub fn kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    kinds_table().into_iter().map(|k| (k.row.code, k.row.name))
}
