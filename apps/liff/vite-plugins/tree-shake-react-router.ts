import type { Plugin } from 'vite';

/** `Name.displayName = "Name";` alone on a line, as react-router's production build writes them. */
const DISPLAY_NAME_STATEMENT = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** A top-level `var Name = React.forwardRef(` (or memo, createContext), not marked pure. */
const UNMARKED_REACT_CALL = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

/**
 * Lets the bundler leave out the parts of react-router's production build the app never uses.
 * Two kinds of top-level statement kept every component of it in each citizen's first download
 * (NavLink, Form, ScrollRestoration and what they need): `X = React.forwardRef(...)` calls that
 * are not marked pure, so the bundler must assume they do something, and `X.displayName = "X"`
 * statements, which name components for React DevTools only. The calls are marked pure (they
 * are) and the names dropped. Build only; measured with `pnpm size` (docs/benchmarks.md).
 */
export function treeShakeReactRouter(options: { packageDir: string }): Plugin {
  return {
    name: 'city:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(options.packageDir) || !id.endsWith('.mjs')) return null;
      const shakable = code.replace(DISPLAY_NAME_STATEMENT, '').replace(UNMARKED_REACT_CALL, '$1/* @__PURE__ */ $2');
      return shakable === code ? null : { code: shakable, map: null };
    },
  };
}
