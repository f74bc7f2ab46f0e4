import { lazy, Suspense, type ComponentType } from "react";
import { preloadOnFirstInput } from "../../../shared/ui/lazyShown";

/**
 * A dialog (a form in a modal, a drawer) whose code loads the first time it is drawn, not with its page: the forms'
 * antd parts (Form, Input, Select, Upload…) stay out of a list page's first load, which the back office's budget of
 * 250 KB before content cannot carry. The chunk is warmed on the admin's first touch, click or key press on the page,
 * so by the time a 新增 or 编辑 is clicked it is usually there. Until it is, nothing is drawn in its place.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  preloadOnFirstInput(load);
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
