import { describe, expect, it } from 'vitest';
import { homePathFor, initialProject, pathAfterProjectChange } from './selection';
import { testProject } from '../../test/fixtures';

const allotment = testProject({ id: 1 });
const otherAllotment = testProject({ id: 4, default: true });
const construction = testProject({ id: 2, projectType: 'CONSTRUCTION' });
const environment = testProject({ id: 3, projectType: 'ENVIRONMENT' });

describe('initialProject', () => {
  const projects = [allotment, construction, otherAllotment];
  it('prefers the stored selection when still available', () =>
    expect(initialProject(projects, 2)).toBe(construction));
  it('falls back to the default project', () => expect(initialProject(projects, 99)).toBe(otherAllotment));
  it('else takes the first', () =>
    expect(initialProject([construction, allotment], null)).toBe(construction));
});

describe('pathAfterProjectChange', () => {
  it('keeps the page for the same project type', () =>
    expect(pathAfterProjectChange(allotment, otherAllotment, '/page/list')).toBe('/page/list'));
  it('goes to the area map for a non-allotment project', () => {
    expect(pathAfterProjectChange(allotment, construction, '/page/list')).toBe('/page/area');
    expect(pathAfterProjectChange(construction, environment, '/page/construction/notes')).toBe('/page/area');
  });
  it('goes to the allotment map otherwise', () => {
    expect(pathAfterProjectChange(environment, allotment, '/page/area')).toBe('/page/fusion-map');
    expect(pathAfterProjectChange(undefined, construction, '/page')).toBe('/page/fusion-map');
  });
});

describe('homePathFor', () => {
  it('opens allotments on the fusion map and the rest on the area map', () => {
    expect(homePathFor('ALLOTMENT')).toBe('/page/fusion-map');
    expect(homePathFor('ENVIRONMENT')).toBe('/page/area');
  });
});
