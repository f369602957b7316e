// The host's stand-in for @module-federation/runtime-core's SnapshotHandler (federation-runtime.cjs
// puts it in the shell's build). The shell reads its remotes from /remotes.json, not from manifests,
// and its build leaves out the snapshot plugin (experiments.optimization.disableSnapshot), yet the
// core still makes a SnapshotHandler for every instance: of it, only the hooks (a runtime plugin may
// tap them), the manifest cache and getGlobalRemoteInfo run, when registerRemotes({ force }) removes a
// remote. Loading a remote's snapshot or manifest serves only preloadRemote, which the shell never calls.
import { AsyncHook } from 'imprest-federation-core/utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from 'imprest-federation-core/utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from 'imprest-federation-core/utils/hooks/pluginSystem.js';
import { Global, getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from 'imprest-federation-core/global.js';

/** As the core's: the host's record of a remote in the page's global snapshot, if any. */
export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion)
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

export class SnapshotHandler {
  constructor(HostInstance) {
    this.loadingHostSnapshot = null;
    this.manifestCache = new Map();
    // the core's hook names, so that registering a plugin that taps them works as with the core's own
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
    this.manifestLoading = Global.__FEDERATION__.__MANIFEST_LOADING__;
    this.HostInstance = HostInstance;
    this.loaderHook = HostInstance.loaderHook;
  }

  async loadRemoteSnapshotInfo() {
    throw new Error('This shell is built without remote snapshots (preloadRemote): its remotes come from /remotes.json.');
  }

  getGlobalRemoteInfo(moduleInfo) {
    return getGlobalRemoteInfo(moduleInfo, this.HostInstance);
  }
}
