/**
 * Runs `process(compilation, sources)` in each compilation's processAssets hook at `stage` (the
 * end of one of webpack's `Compilation.PROCESS_ASSETS_STAGE_*` names: 'ADDITIONAL', 'REPORT'):
 * where a plugin adds, replaces or drops files of the output. `sources` is webpack's, for the
 * files it emits.
 */
export function tapProcessAssets(compiler, name, stage, process) {
  const { Compilation, sources } = compiler.webpack;
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap(
      { name, stage: Compilation[`PROCESS_ASSETS_STAGE_${stage}`] },
      () => process(compilation, sources),
    );
  });
}
