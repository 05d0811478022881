const versions = new WeakMap<object, number>();
let last = 0;

/**
 * The map's version of a layer list: a number per list object, new for each list the server sent (a refetch
 * that changed nothing keeps its object), so tile URLs change exactly when the list did.
 */
export function listVersion(list: object): number {
  let version = versions.get(list);
  if (version === undefined) {
    version = ++last;
    versions.set(list, version);
  }
  return version;
}
