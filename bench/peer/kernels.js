// The peer's scoring kernels, timed: bridge-scorer 2.4.0 on the boards bench/peer.py wrote.
//
//   node kernels.js METHOD INPUT OUTPUT
//
// METHOD is "matchpoints" (bridge-scorer's matchpointsACBL: 1 a win, 1/2 a tie, as
// Traveller's default scale) or "cross-imps" (bridge-scorer's crossImps: the IMPs
// against every other result, divided by their number). INPUT holds little-endian
// int32s: boards, tables, then boards x tables NS scores, board by board. Each board's
// games are built first (the input, not timed); then one pass over a few boards warms
// the JIT, and the timed pass scores every board and adds each pair's total (NS pair t
// at table t, EW pair (t + b) mod tables + 1 on the b-th board, as bench/peer.py seats
// them), as a scoring call that returns totals does. OUTPUT gets float64s: the NS and
// EW value of every result in input order. Prints the timed pass's wall and CPU seconds
// and the warm-up's wall seconds as JSON: {"seconds", "cpu_seconds", "warmup"}.
'use strict';

const fs = require('fs');
const path = require('path');

const modules = process.env.PEER_MODULES || path.join(__dirname, 'node_modules');
const scorer = require(path.join(modules, 'bridge-scorer'));

const [method, input, output] = process.argv.slice(2);
const kernel = { matchpoints: scorer.matchpointsACBL, 'cross-imps': scorer.crossImps }[method];
if (!kernel) {
  process.stderr.write(`unknown method ${method}: give matchpoints or cross-imps\n`);
  process.exit(2);
}
const field = 'matchpoints' === method ? ['matchpointsNS', 'matchpointsEW'] : ['impsNS', 'impsEW'];

const raw = fs.readFileSync(input);
const ints = new Int32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
const boards = ints[0];
const tables = ints[1];

function games(from, to) {
  // A passed-out board is {score: 0}; any other result is NS's, declared by North.
  const all = [];
  for (let b = from; b < to; ++b) {
    const board = [];
    for (let t = 0; t < tables; ++t) {
      const score = ints[2 + b * tables + t];
      board.push(score === 0 ? { score: 0 } : { contract: { declaror: 'N' }, score: score });
    }
    all.push(board);
  }
  return all;
}

function run(all) {
  const ns = new Float64Array(tables);
  const ew = new Float64Array(tables);
  for (let b = 0; b < all.length; ++b) {
    const board = all[b];
    kernel(board);
    for (let t = 0; t < tables; ++t) {
      ns[t] += board[t][field[0]].value;
      ew[(t + b) % tables] += board[t][field[1]].value;
    }
  }
  return [ns, ew];
}

const warm = games(0, Math.min(boards, 50));
let started = process.hrtime.bigint();
run(warm);
const warmup = Number(process.hrtime.bigint() - started) / 1e9;

const all = games(0, boards);
const cpu = process.cpuUsage();
started = process.hrtime.bigint();
run(all);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;

const values = new Float64Array(boards * tables * 2);
for (let b = 0; b < boards; ++b) {
  for (let t = 0; t < tables; ++t) {
    const i = b * tables + t;
    values[2 * i] = all[b][t][field[0]].value;
    values[2 * i + 1] = all[b][t][field[1]].value;
  }
}
fs.writeFileSync(output, Buffer.from(values.buffer));
process.stdout.write(JSON.stringify({ seconds: seconds, cpu_seconds: cpuSeconds, warmup: warmup }) + '\n');
