import { apart, importBoundaries, subfolders } from '@city/eslint-config/boundaries';
import node from '@city/eslint-config/node';

const here = import.meta.dirname;
const modules = subfolders(here, 'src/modules');
const lower = ['./src/http', './src/db', './src/auth'];

export default [
  ...node,
  ...importBoundaries(here, [
    // A module may use another module's use-cases and repository interfaces (passed in by
    // app.ts), never its routes: each module registers only its own.
    ...apart(modules, (module) => `${module}/routes.ts`, "A module never imports another module's routes."),
    // Inside a module, use-cases and repositories never import the routes (HTTP stays at the edge).
    ...modules.map((module) => ({
      target: module,
      from: `${module}/routes.ts`,
      except: [],
      message: 'Use-cases and repositories never import routes.',
    })),
    // Records issue member numbers with a registration: records use members, never the reverse.
    { target: './src/modules/members', from: './src/modules/records', message: 'members never imports records (records use members): name what members needs as its own interface.' },
    // Nothing imports upward: app.ts composes, server.ts starts.
    { target: ['./src/modules', ...lower], from: ['./src/app.ts', './src/server.ts', './src/demo-seed.ts'], message: 'Nothing imports the composition root (app.ts, server.ts).' },
    { target: lower, from: './src/modules', message: 'http/, db/ and auth/ sit below the modules and never import them.' },
  ]),
];
