/**
 * jsdom lays nothing out and scrolls nothing: `scrollTo` sets the offset and tells the scroll listeners, as a browser
 * does, and `scrollIntoView` does nothing. Returns the way back to jsdom's own.
 */
export function stubScrolling(): () => void {
  const prototype = HTMLElement.prototype as Partial<Pick<HTMLElement, 'scrollTo' | 'scrollIntoView'>>;
  prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
  prototype.scrollIntoView = () => undefined;
  return () => {
    delete prototype.scrollTo;
    delete prototype.scrollIntoView;
  };
}
