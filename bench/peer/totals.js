// The peer's whole path: read a CSV of traveller lines, score it with bridge-scorer
// 2.4.0, print each pair's total. What a bare script built on the library does.
//
//   node totals.js METHOD FILE
//
// FILE has the header board,ns,ew,score_ns (the file bench/user_path.py writes and
// `traveller import travellers` reads); METHOD is "matchpoints" (matchpointsACBL) or
// "cross-imps" (crossImps). Prints "NS 1 123.5" lines, NS pairs then EW pairs.
'use strict';

const fs = require('fs');
const path = require('path');

const modules = process.env.PEER_MODULES || path.join(__dirname, 'node_modules');
const scorer = require(path.join(modules, 'bridge-scorer'));

const [method, file] = process.argv.slice(2);
const kernel = { matchpoints: scorer.matchpointsACBL, 'cross-imps': scorer.crossImps }[method];
if (!kernel) {
  process.stderr.write(`unknown method ${method}: give matchpoints or cross-imps\n`);
  process.exit(2);
}
const field = 'matchpoints' === method ? ['matchpointsNS', 'matchpointsEW'] : ['impsNS', 'impsEW'];

const lines = fs.readFileSync(file, 'utf8').split('\n');
const header = lines[0].trim().split(',');
const at = (name) => header.indexOf(name);
const [cb, cn, ce, cs] = [at('board'), at('ns'), at('ew'), at('score_ns')];
const boards = new Map();
for (let i = 1; i < lines.length; ++i) {
  const line = lines[i].trim();
  if (!line) continue;
  const cells = line.split(',');
  const score = parseInt(cells[cs], 10);
  const game = score === 0 ? { score: 0 } : { contract: { declaror: 'N' }, score: score };
  game.ns = cells[cn];
  game.ew = cells[ce];
  const board = cells[cb];
  if (!boards.has(board)) boards.set(board, []);
  boards.get(board).push(game);
}
const ns = new Map();
const ew = new Map();
for (const games of boards.values()) {
  kernel(games);
  for (const g of games) {
    ns.set(g.ns, (ns.get(g.ns) || 0) + g[field[0]].value);
    ew.set(g.ew, (ew.get(g.ew) || 0) + g[field[1]].value);
  }
}
const out = [];
const byNumber = (a, b) => Number(a[0]) - Number(b[0]);
for (const [pair, total] of [...ns.entries()].sort(byNumber)) out.push(`NS ${pair} ${total}`);
for (const [pair, total] of [...ew.entries()].sort(byNumber)) out.push(`EW ${pair} ${total}`);
process.stdout.write(out.join('\n') + '\n');
