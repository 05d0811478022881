import { runKnownShifts } from './known-shifts';
const file = process.argv[2]!;
for (const r of await runKnownShifts(file)) console.log(r.known.join(','), r.expected.map(v=>v.toFixed(2)).join(','), r.proposed.map(v=>v.toFixed(2)).join(','), r.errorPixels.toFixed(3), r.outcome, r.confidence.toFixed(2), r.seconds.toFixed(2));
