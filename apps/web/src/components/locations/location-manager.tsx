import { type Location, LocationInput } from '@cm/contract';
import { IconBox, IconBuildingWarehouse, IconLayoutRows } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TreeEditor, type TreeSource } from '../tree-editor/tree-editor';
import { locationsQuery, useCreateLocation, useDeleteLocation, useUpdateLocation } from './api';

function useLocations() {
  return useQuery({ ...locationsQuery, select: (list) => list.items });
}

/** Warehouse → shelf → bin: the usual levels, each with its picture; deeper levels are bins too. */
const LEVEL_ICONS = [IconBuildingWarehouse, IconLayoutRows];

const locationTree: TreeSource<Location> = {
  namespace: 'locations',
  useItems: useLocations,
  useCreate: useCreateLocation,
  useUpdate: useUpdateLocation,
  useDelete: useDeleteLocation,
  nameSchema: LocationInput.shape.name,
  icon: (depth) => LEVEL_ICONS[depth] ?? IconBox,
  // Whether a location holds stock or has movements is not in the list: the rule is stated instead.
  deleteWarning: (_location, t) => t('deleteConfirm'),
};

/** The location tree of the current department for administrators, opened from the Stock list. */
export function LocationManager(props: { opened: boolean; onClose: () => void }) {
  return <TreeEditor source={locationTree} {...props} />;
}
