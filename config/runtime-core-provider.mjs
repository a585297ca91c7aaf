// Browser code: the one copy of the Module Federation runtime core on a page, handed to the
// remotes (docs/decisions/0021-federation-without-the-weight.md). A remote is built with
// `experiments.externalRuntime`, so its remoteEntry.js and main.js read
// `@module-federation/runtime-core` from the global `_FEDERATION_RUNTIME_CORE` instead of carrying
// their own copy. On the site the shell provides it (this module is the shell's runtime plugin);
// a remote run alone loads it from its own federation-runtime-core.js (runtime-core-standalone.mjs).
//
// The names are imported one by one, so the shell keeps only what it already runs (its own
// runtime uses these same names) instead of the whole package, which the upstream
// inject-external-runtime-core-plugin's `import * as` keeps. ExternalRuntimeCoreGuardPlugin
// (federation-runtime-core.mjs) fails a remote's build that takes a name missing here.
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

const GLOBAL_NAME = '_FEDERATION_RUNTIME_CORE';

/** Puts the runtime core where a remote built with `externalRuntime` reads it (once per page). */
export function provideRuntimeCore() {
  if (CurrentGlobal[GLOBAL_NAME]) return;
  CurrentGlobal[GLOBAL_NAME] = {
    assert,
    CurrentGlobal,
    getGlobalFederationConstructor,
    getRemoteEntry,
    getRemoteInfo,
    helpers,
    loadScript,
    loadScriptNode,
    Module,
    ModuleFederation,
    registerGlobalPlugins,
    satisfy,
    setGlobalFederationConstructor,
    setGlobalFederationInstance,
  };
}

/** The shell's runtime plugin: provides the core before the shell's runtime starts. */
export default function provideRuntimeCorePlugin() {
  return {
    name: 'blogstream-provide-runtime-core',
    beforeInit(args) {
      provideRuntimeCore();
      return args;
    },
  };
}
