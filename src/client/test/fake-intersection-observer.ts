/**
 * A stand-in IntersectionObserver for jsdom (which has none): the test says when the observed end
 * of a list comes near (`scrollToEnd`). Install it with `installFakeIntersectionObserver()`, which
 * returns the function putting the previous one back.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  elements: Element[] = [];
  constructor(private callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements = [];
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((o) => o !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Every observed element comes into view. */
  static scrollToEnd() {
    for (const observer of FakeIntersectionObserver.instances) {
      observer.callback(
        observer.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

export function installFakeIntersectionObserver(): () => void {
  const previous = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return () => {
    globalThis.IntersectionObserver = previous;
    FakeIntersectionObserver.instances = [];
  };
}
