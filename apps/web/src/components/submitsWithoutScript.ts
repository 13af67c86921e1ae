import type { MouseEvent } from 'react';

/**
 * The props of a button that, without JavaScript, submits the form around it with `field=value`
 * (a page number, a tab), so the server draws the result; with JavaScript its click runs `act`
 * instead and the form is not sent. Without a field it is a plain button.
 */
export function submitsWithoutScript(field: string | undefined, value: string | number, act: () => void) {
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    act();
  };
  return field ? ({ type: 'submit', name: field, value, onClick } as const) : ({ type: 'button', onClick } as const);
}
