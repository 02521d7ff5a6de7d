/**
 * The server renders buttons and fields `inert` until the script that runs them has hydrated them
 * (app/prerender.tsx): lifts those marks under `root`, but not on elements `keep` names.
 */
export function liftInert(root: ParentNode, keep: (element: Element) => boolean = () => false): void {
  root.querySelectorAll('[inert]').forEach((element) => {
    if (!keep(element)) element.removeAttribute('inert');
  });
}
