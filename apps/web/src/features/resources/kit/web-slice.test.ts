import { defineResource, type ResourceSpec } from '@atrium/contracts/resource';
import { flattenRoutes, withResourceRoutes } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { resourceWebSlice } from './web-slice';

const l = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });
const spec = {
  name: 'supportTicket',
  label: l('Ticket', '工单'),
  pluralLabel: l('Tickets', '工单'),
  menu: { group: 'support', groupLabel: l('Support', '支持'), order: 5 },
  fields: [{ name: 'title', type: 'string', label: l('Title', '标题'), required: true }, { name: 'status', type: 'enum', label: l('Status', '状态'), values: [{ value: 'open', label: l('Open', '处理中') }] }],
} satisfies ResourceSpec;
const ticket = defineResource(spec);

describe('a resource as a slice of the console', () => {
  const page = () => Promise.resolve({ default: () => null });
  const slice = resourceWebSlice(ticket, page);

  it('names its pages as the route table does, and brings the titles of its menu entry, a record\'s page and its group', () => {
    const [route, record] = flattenRoutes(withResourceRoutes([], [ticket]));
    expect(Object.keys(slice.pages!)).toEqual([route!.name, record!.name]);
    expect(slice.pages![route!.name!]).toBe(page);
    expect([record!.path, record!.hideInMenu]).toEqual(['/support/support-tickets/:id', true]);
    const [group] = withResourceRoutes([], [ticket]);
    expect(slice.titles).toEqual({
      'zh-CN': { [route!.titleKey!]: '工单', [record!.titleKey!]: '工单详情', [group!.titleKey!]: '支持' },
      'en-US': { [route!.titleKey!]: 'Tickets', [record!.titleKey!]: 'Ticket', [group!.titleKey!]: 'Support' },
    });
  });

  it('loads its field and value labels with the full dictionary, in both languages', async () => {
    expect((await slice.messages!['en-US']()).default).toMatchObject({ 'resource.supportTicket.field.status': 'Status', 'resource.supportTicket.field.status.open': 'Open' });
    expect((await slice.messages!['zh-CN']()).default).toMatchObject({ 'resource.supportTicket.field.title': '标题', 'resource.supportTicket.field.status.open': '处理中' });
  });

  it('leaves a group it does not label to the resource that does', () => {
    const plain = resourceWebSlice(defineResource({ ...spec, name: 'note', menu: { group: 'support' } }), page);
    expect(Object.keys(plain.titles!['en-US'])).toEqual(['resource.note.pluralLabel', 'resource.note.recordTitle']);
  });
});
