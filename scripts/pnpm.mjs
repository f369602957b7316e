// `npm run build`: the pinned pnpm with the arguments given, exit code passed on.
import { pnpm } from './lib.mjs';

process.exit(pnpm(process.argv.slice(2)));
