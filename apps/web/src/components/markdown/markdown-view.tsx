import { Typography, type TypographyProps } from '@mantine/core';
import clsx from 'clsx';
import { useMemo } from 'react';
import classes from './markdown.module.css';
import { renderMarkdown } from './render-markdown';

export type MarkdownViewProps = Omit<TypographyProps, 'children'> & {
  /** Markdown written by a user; it is sanitised before it reaches the page. */
  source: string;
  /** Levels the markdown's headings move down, so they fit under the page's own (default 2: "#" → h3). */
  headingOffset?: number;
};

/** Renders user-written markdown, sanitised (see renderMarkdown), with the product's typography. */
export function MarkdownView({ source, headingOffset = 2, className, ...props }: MarkdownViewProps) {
  const html = useMemo(() => renderMarkdown(source, { headingOffset }), [source, headingOffset]);
  return (
    <Typography
      className={clsx(classes.content, className)}
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with DOMPurify: no scripts, handlers or javascript: links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
