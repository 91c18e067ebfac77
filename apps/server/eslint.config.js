import { apart, importBoundaries, subfolders } from '@city/eslint-config/boundaries';
import node from '@city/eslint-config/node';

const here = import.meta.dirname;
const modules = subfolders(here, 'src/modules');
const lower = ['./src/http', './src/db', './src/auth', './src/access'];

export default [
  ...node,
  ...importBoundaries(here, [
    // A module may use another module's use-cases and repository interfaces (passed in by
    // app.ts), never its routes: each module registers only its own.
    ...apart(modules, (module) => `${module}/routes.ts`, "A module never imports another module's routes."),
    ...apart(modules, (module) => `${module}/staff-routes.ts`, "A module never imports another module's routes."),
    ...apart(modules, (module) => `${module}/module.ts`, 'A module never wires another: app.ts composes them.'),
    // Inside a module, use-cases and repositories never import the routes (HTTP stays at the edge);
    // only its module.ts, which wires the module, does.
    ...modules.map((module) => ({
      target: [`${module}/!(module).ts`, `${module}/*/**`],
      from: [`${module}/routes.ts`, `${module}/staff-routes.ts`],
      except: [],
      message: 'Use-cases and repositories never import routes (module.ts wires them).',
    })),
    // Records issue member numbers with a registration: records use members, never the reverse.
    { target: './src/modules/members', from: './src/modules/records', message: 'members never imports records (records use members): name what members needs as its own interface.' },
    // Nothing imports upward: app.ts composes, server.ts starts.
    { target: ['./src/modules', ...lower], from: ['./src/app.ts', './src/server.ts', './src/demo-seed.ts'], message: 'Nothing imports the composition root (app.ts, server.ts).' },
    { target: lower, from: './src/modules', message: 'http/, db/, auth/ and access/ sit below the modules and never import them.' },
    { target: ['./src/modules', ...lower], from: './src/demo-staff.ts', message: 'Nothing imports the composition root (demo-staff.ts).' },
  ]),
  {
    // One capacity path: claims on slots are taken, confirmed and freed only through
    // modules/calendars/bookings.ts, never by calling the repository's claim writes elsewhere.
    files: ['src/**/*.ts'],
    ignores: ['src/modules/calendars/bookings.ts', 'src/modules/calendars/sqlite-calendar-repository.ts', 'src/modules/orders/**', 'src/env.ts'],
    rules: {
      // The shared config's process.env rule is repeated: a rule set here replaces it.
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read process.env only in the package's env.ts." },
        {
          selector: 'CallExpression[callee.property.name=/^(addClaim|moveClaim|giveBackUnits|releaseClaim|confirmClaim|releaseClaimsOfRecord|releaseHoldsOfRecord|sweepLapsedHolds)$/]',
          message: 'Claims on slots go through modules/calendars/bookings.ts (the one capacity path).',
        },
        {
          selector: 'CallExpression[callee.object.property.name="orders"][callee.property.name=/^(insert|setStatus|moveToRecord)$/], CallExpression[callee.object.name="orders"][callee.property.name=/^(insert|setStatus|moveToRecord)$/]',
          message: "An order's state changes only in modules/orders (placeOrder, moveOrderToRecord, cancelOrderOfRecord, confirmOrder, releaseOrder).",
        },
      ],
    },
  },
];
