// Singletons shared slimmed (docs/decisions/0021-federation-without-the-weight.md): a shared module
// crosses the federation boundary whole, never tree-shaken, so under the share keys of these
// packages Module Federation provides a module of shared/src/mfe/singletons that re-exports only
// the names the site uses (slim-singletons.json), and webpack keeps only those. A name missing
// there would be undefined at run time; so a lint rule refuses other names in our code, and
// SlimSingletonsGuardPlugin fails the build if any module, a dependency's included (Redux
// Toolkit imports react-redux), imports one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PLUGIN = 'SlimSingletonsGuardPlugin';

/** Package name -> the names its shared copy holds. */
export const slimSingletonExports = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(new URL('./slim-singletons.json', import.meta.url), 'utf8')),
  ).filter(([name]) => !name.startsWith('$')),
);

/** The Module Federation `shared` entry of a slimmed package, at its installed version. */
export function slimSingleton(packageName, version) {
  return {
    import: fileURLToPath(
      new URL(`../shared/src/mfe/singletons/${packageName}.ts`, import.meta.url),
    ),
    shareKey: packageName,
    version,
    singleton: true,
    requiredVersion: `^${version}`,
  };
}

/** The names a dependency takes from the module it imports: undefined for the whole namespace. */
function importedNames(dependency, moduleGraph) {
  const ids = typeof dependency.getIds === 'function' ? dependency.getIds(moduleGraph) : undefined;
  if (!Array.isArray(ids)) return [];
  return ids.length > 0 ? [ids[0]] : undefined;
}

/**
 * Fails the build when a module imports from a slimmed package a name its shared copy lacks, or
 * its whole namespace (which cannot be checked).
 */
export class SlimSingletonsGuardPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        const { moduleGraph } = compilation;
        const problems = new Set();
        for (const module of modules) {
          const dependencies = [
            ...module.dependencies,
            ...module.blocks.flatMap((block) => block.dependencies),
          ];
          for (const dependency of dependencies) {
            const allowed = slimSingletonExports[dependency.request];
            if (!allowed || !dependency.type?.startsWith('harmony')) continue;
            if (dependency.type === 'harmony side effect evaluation') continue;
            const names = importedNames(dependency, moduleGraph);
            const where = module.readableIdentifier(compilation.requestShortener);
            if (names === undefined) {
              problems.add(`${where} imports all of ${dependency.request}`);
              continue;
            }
            for (const name of names.filter((imported) => !allowed.includes(imported))) {
              problems.add(`${where} imports ${name} from ${dependency.request}`);
            }
          }
        }
        for (const problem of problems) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${problem}, which its shared copy does not hold: add the name to ` +
                `config/slim-singletons.json and shared/src/mfe/singletons/${problem.split(' ').at(-1)}.ts`,
            ),
          );
        }
      });
    });
  }
}
