import { Center, Loader } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ErrorPage } from '../../components/error-pages/error-page';
import { KIT_GROUPS } from './kit-pages';

const PAGES = new Map(
  KIT_GROUPS.flatMap(({ pages }) =>
    pages.flatMap((page) => [page.path, ...(page.aliases ?? [])].map((path) => [path, lazy(page.load)] as const)),
  ),
);

/** The kit page at the address (the router knows only the kit's paths, in developer mode): each its own chunk. */
export default function KitRoute() {
  const { pathname } = useLocation();
  const Page = PAGES.get(pathname.replace(/(.)\/$/, '$1'));
  if (!Page) return <ErrorPage kind="404" />;
  return (
    <Suspense
      fallback={
        <Center mih="40vh">
          <Loader />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}
