import { Fragment } from 'react';

/**
 * A code such as a SKU or a document number that may wrap only after a dash, underscore or slash (`CAP-0402-` /
 * `100N-X7R-50V`), never inside a part: a narrow table keeps every column in view instead of pushing the
 * last ones off screen for one long code.
 */
export function CodeText({ children }: { children: string }) {
  const parts = children.split(/(?<=[-_/])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in their order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
