import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  elevationApi,
  endpointUrl,
  inspectionsApi,
  notesApi,
  type Inspection,
  type Note,
  type SaveInspection,
  type SaveNoteInput,
} from '@mirante/shared';
import type { z } from 'zod';
import type { measureVolumeSchema } from '@mirante/shared';

type MeasureVolumeInput = z.input<typeof measureVolumeSchema>;
import { callApi } from '../../shared/api/callApi';
import { readStoredCredentials } from '../../shared/session/credentialsStorage';

export const inspectionsKey = (projectId: number) => ['construction', 'inspections', projectId] as const;
const notesKey = (projectId: number, inspectionId: number | null) =>
  ['construction', 'notes', projectId, inspectionId] as const;
const categoriesKey = (projectId: number) => ['construction', 'note-categories', projectId] as const;

export function useInspections(projectId: number, enabled = true) {
  return useQuery({
    queryKey: inspectionsKey(projectId),
    queryFn: () => callApi(inspectionsApi.list, { query: { project_id: projectId } }),
    enabled,
    retry: false,
  });
}

/** The states and transitions: a new inspection is prepended to the list; a changed one takes its place. */
export function useSaveInspection(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SaveInspection, 'project_id'>) =>
      callApi(inspectionsApi.save, { body: { ...body, project_id: projectId } }),
    onSuccess: (saved, body) => {
      client.setQueryData<Inspection[]>(inspectionsKey(projectId), (list = []) =>
        body.inspection_id === undefined
          ? [saved, ...list]
          : list.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
  });
}

export function useDestroyInspection(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inspectionId: number) =>
      callApi(inspectionsApi.destroy, { body: { project_id: projectId, inspection_id: inspectionId } }),
    onSuccess: ({ id }) => {
      client.setQueryData<Inspection[]>(inspectionsKey(projectId), (list = []) =>
        list.filter((item) => item.id !== id),
      );
    },
  });
}

export function useNotes(projectId: number, inspectionId: number | null) {
  return useQuery({
    queryKey: notesKey(projectId, inspectionId),
    queryFn: () =>
      callApi(notesApi.list, { query: { project_id: projectId, inspection_id: inspectionId ?? 0 } }),
    enabled: inspectionId !== null,
    retry: false,
  });
}

export function useNoteCategories(projectId: number) {
  return useQuery({
    queryKey: categoriesKey(projectId),
    queryFn: () => callApi(notesApi.categories, { query: { project_id: projectId } }),
    retry: false,
  });
}

export function useSaveNote(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveNoteInput) => callApi(notesApi.save, { body }),
    onSuccess: (saved: Note, body) => {
      client.setQueryData<Note[]>(notesKey(projectId, saved.inspectionId), (list = []) =>
        body.noteId === undefined
          ? [...list, saved]
          : list.map((item) => (item.id === saved.id ? saved : item)),
      );
      if (body.categoryId === undefined)
        void client.invalidateQueries({ queryKey: categoriesKey(projectId) });
    },
  });
}

export function useDestroyNote(projectId: number, inspectionId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) =>
      callApi(notesApi.destroy, {
        body: { project_id: projectId, inspection_id: inspectionId ?? 0, note_id: noteId },
      }),
    onSuccess: ({ id }) => {
      client.setQueryData<Note[]>(notesKey(projectId, inspectionId), (list = []) =>
        list.filter((item) => item.id !== id),
      );
    },
  });
}

/** The export's download link: /api/v1/notes/export/ with the session's api_token. */
export function notesExportHref(inspectionId: number, extension: 'xls' | 'csv'): string {
  const query = new URLSearchParams({
    inspection_id: String(inspectionId),
    extension,
    api_token: readStoredCredentials()?.api_token ?? '',
  });
  return `${endpointUrl(notesApi.exportLink)}?${query.toString()}`;
}

/** ★ The volume of a drawn polygon measured on the inspection's elevation model. */
export function useMeasureVolume() {
  return useMutation({
    mutationFn: (body: MeasureVolumeInput) => callApi(elevationApi.measure, { body }),
  });
}
