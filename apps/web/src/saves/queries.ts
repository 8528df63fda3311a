/** Query keys and options for the saves (ARCHITECTURE §7.8: one module; loaders and components share them). */
import { queryOptions } from '@tanstack/react-query';
import { listSaves } from './save-db';

export const saveKeys = { all: ['saves'] as const };

export const savesQueryOptions = () => queryOptions({ queryKey: saveKeys.all, queryFn: listSaves });
