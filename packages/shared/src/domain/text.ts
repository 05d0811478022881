/** Lower-cases and strips accents so that 'São' matches 'sao' in searches. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The user-facing name of a project: ADMIN sees `id - name`; USER sees the part before ' - '. */
export function projectDisplayName(project: { id: number; name: string }, role: string): string {
  if (role === 'ADMIN') return `${project.id} - ${project.name}`;
  if (role === 'USER') return project.name.split(' - ')[0] ?? project.name;
  return project.name;
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
