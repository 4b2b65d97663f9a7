import { BUNDLED_AVATARS } from '@cm/contract';
import { Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { currentUserQuery } from '../../../lib/current-user';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/**
 * An address that answers with something other than an image, as an avatar's file does once it is gone: the address
 * is the application's own page, so the browser reports no failed request, only an image it cannot draw.
 */
const BROKEN_AVATAR = '/avatars/removed';

function Captioned({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6} align="center">
      {children}
      <Text size="xs" c="dimmed" ta="center">
        {caption}
      </Text>
    </Stack>
  );
}

/** A person in a list: the avatar beside the name, which names it for screen readers (its own text is empty). */
function PersonRow({ name, avatar }: { name: string; avatar: string | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar src={avatar} size={32} />
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}

function People({ t }: { t: TFunction }) {
  return (
    <Stack gap="sm">
      <PersonRow name={t('avatar.people.short')} avatar="/avatars/owl.svg" />
      <PersonRow name={t('avatar.people.long')} avatar={undefined} />
    </Stack>
  );
}

/** The kit's avatars: the product's one avatar component at the sizes the screens use, and its fallback. */
export default function AvatarPage() {
  const { t } = useTranslation('kit-elements');
  const user = useQuery(currentUserQuery).data;
  return (
    <KitPage group="elements" label="avatar" sources={['components/user-avatar']}>
      <KitExample title={t('avatar.examples.sizes')}>
        <Group gap="xl" align="flex-end">
          <Captioned caption={t('avatar.sizes.list')}>
            <UserAvatar src={user?.avatar} size={32} alt={user?.name} />
          </Captioned>
          <Captioned caption={t('avatar.sizes.header')}>
            <UserAvatar src={user?.avatar} size={34} own alt={user?.name} />
          </Captioned>
          <Captioned caption={t('avatar.sizes.profile')}>
            <UserAvatar src={user?.avatar} size={72} own alt={user?.name} />
          </Captioned>
        </Group>
      </KitExample>
      <KitExample title={t('avatar.examples.bundled')}>
        <SimpleGrid cols={{ base: 3, xs: 5, sm: 9 }} spacing="md">
          {BUNDLED_AVATARS.map((path) => (
            <Captioned key={path} caption={<Code>{path.slice(path.lastIndexOf('/') + 1)}</Code>}>
              <UserAvatar src={path} size={48} />
            </Captioned>
          ))}
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('avatar.examples.fallback')}>
        <Group gap="xl" align="flex-start">
          <Captioned caption={t('avatar.fallback.none')}>
            <UserAvatar src={undefined} size={48} alt={t('avatar.fallback.none')} />
          </Captioned>
          <Captioned caption={t('avatar.fallback.broken')}>
            <UserAvatar src={BROKEN_AVATAR} size={48} alt={t('avatar.fallback.broken')} />
          </Captioned>
        </Group>
      </KitExample>
      <KitExample title={t('avatar.examples.beside')}>
        <People t={t} />
      </KitExample>
      <RussianExample narrow>{(russian) => <People t={russian} />}</RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <People t={t} />
      </KitExample>
    </KitPage>
  );
}
