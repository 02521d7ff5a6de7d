import type { ComponentType } from 'react';

/**
 * The element this remote's stylesheet is scoped to (`@scope ([data-conferences-root])` in
 * index.css): every page and widget renders inside one, so the remote's utilities style only its
 * own subtree and never a host element (see index.css). It carries no class itself: a scope's
 * rules apply to the root's descendants.
 */
export function withRoot<P extends object>(Component: ComponentType<P>, name: string): ComponentType<P> {
  function Rooted(props: P) {
    return (
      <div data-conferences-root="">
        <Component {...props} />
      </div>
    );
  }
  Rooted.displayName = name;
  return Rooted;
}
