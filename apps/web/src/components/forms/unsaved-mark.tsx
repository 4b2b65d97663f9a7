import { Text, VisuallyHidden } from '@mantine/core';

/** The dot a tab shows while its form holds unsaved changes; `label` says so to screen readers. */
export function UnsavedMark({ label }: { label: string }) {
  return (
    <>
      <Text span size="xs" c="var(--mantine-color-orange-text)" fw={700} aria-hidden>
        ●
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
