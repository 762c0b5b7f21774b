// Speed of shogiops' own perft (its debug.perft) from the Chu start position, for the
// side-by-side comparison with `largeshogi bench perft`. Usage: node speed.mjs [depth]
import { initialSfen, parseSfen } from 'shogiops/sfen';
import { perft } from 'shogiops/debug';

const depth = Number(process.argv[2] ?? 3);
const pos = parseSfen('chushogi', initialSfen('chushogi')).unwrap();
const t0 = process.hrtime.bigint();
const nodes = perft(pos, depth, false);
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`shogiops perft ${depth}: ${nodes} nodes, ${secs.toFixed(3)} s, ${Math.round(nodes / secs)} nodes/s`);
