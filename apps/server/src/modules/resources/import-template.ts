import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { patternMessage } from '@atrium/contracts/resource-calls';
import { importFields } from '@atrium/contracts/resource-import';
import { translateValidation, type Locale } from '@atrium/contracts';
import type { SheetCell } from '../../lists/xlsx.ts';
import { say, type Said } from '../../audit/audit-entry.ts';

/**
 * An import's template (docs/resources.md, "Import"): the header row of the columns an import reads, named
 * as an export names them in the caller's language, so a file filled in under it maps itself. The workbook
 * adds a second sheet, 填写说明 / How to fill in, saying what each column takes; an import reads only the
 * first sheet.
 */

/** How an export's header and an import name a scoped record's department and owner, in each language. */
export const scopeColumnNames: Record<Locale, Record<'department' | 'owner', string>> = { 'zh-CN': { department: '所属部门', owner: '负责人' }, 'en-US': { department: 'Department', owner: 'Owner' } };

const texts = {
  notesSheet: { 'zh-CN': '填写说明', 'en-US': 'How to fill in' },
  notesHeader: { 'zh-CN': ['列', '必填', '填写说明'], 'en-US': ['Column', 'Required', 'What it takes'] },
  yes: { 'zh-CN': '是', 'en-US': 'Yes' },
  no: { 'zh-CN': '否', 'en-US': 'No' },
  string: { 'zh-CN': '文本，最多 {max} 个字符', 'en-US': 'Text, up to {max} characters' },
  patterned: { 'zh-CN': '文本，', 'en-US': 'Text. ' },
  text: { 'zh-CN': '文本，最多 {max} 个字符，可换行', 'en-US': 'Text, up to {max} characters, on several lines if need be' },
  integer: { 'zh-CN': '整数', 'en-US': 'A whole number' },
  decimal: { 'zh-CN': '数字，最多 {scale} 位小数', 'en-US': 'A number, up to {scale} decimal places' },
  between: { 'zh-CN': '，介于 {min} 和 {max} 之间', 'en-US': ', from {min} to {max}' },
  atLeast: { 'zh-CN': '，不小于 {min}', 'en-US': ', {min} or more' },
  atMost: { 'zh-CN': '，不大于 {max}', 'en-US': ', {max} or less' },
  boolean: { 'zh-CN': '是 或 否（也可填 yes/no、true/false、1/0）', 'en-US': 'Yes or No (also 是/否, true/false, 1/0)' },
  date: { 'zh-CN': '日期，如 2026-03-01（也可填 2026/3/1）', 'en-US': 'A date, such as 2026-03-01 (or 2026/3/1)' },
  datetime: { 'zh-CN': '时间，带时区，如 2026-03-01T08:30:00+08:00', 'en-US': 'A time with its offset from UTC, such as 2026-03-01T08:30:00+08:00' },
  enum: { 'zh-CN': '以下之一：{values}', 'en-US': 'One of: {values}' },
  reference: { 'zh-CN': '{other}的{title}或 ID', 'en-US': 'A {other} by its {title} or its ID' },
  unique: { 'zh-CN': '。不可与其他记录重复；导入时可按此列匹配已有记录并更新它', 'en-US': '. No two records hold the same; an import may match existing records by it and update them' },
  default: { 'zh-CN': '。留空为 {value}', 'en-US': '. Left empty: {value}' },
  department: { 'zh-CN': '部门名称。留空则归入导入人所在部门', 'en-US': "A department's name. Left empty: the importer's department" },
  owner: { 'zh-CN': '用户名或姓名。留空则由导入人负责', 'en-US': 'A username or name. Left empty: the importer' },
} satisfies Record<string, Record<Locale, unknown>>;

/** A text of `texts` in one language, its `{name}`s filled (as the trail's summaries are). */
const said = (t: Said, locale: Locale, values: Readonly<Record<string, string | number>> = {}) => say(t, values)[locale];

/** The template's columns: each field an import sets by its label, then a scoped record's department and owner. */
export function templateHeader(def: ResourceDef, locale: Locale): string[] {
  return importFields(def).map((name) => def.fields.find((f) => f.name === name)?.label[locale] ?? scopeColumnNames[locale][name as 'department' | 'owner']);
}

/** A value as a cell of the import takes it: an enum's label, a boolean's 是/否. */
function shown(field: ResourceField, value: string | number | boolean, locale: Locale): string {
  if (field.type === 'enum') return field.values!.find((v) => v.value === value)?.label[locale] ?? String(value);
  if (field.type === 'boolean') return said(value ? texts.yes : texts.no, locale);
  return String(value);
}

function range(field: ResourceField, locale: Locale): string {
  if (field.min !== undefined && field.max !== undefined) return said(texts.between, locale, { min: field.min, max: field.max });
  if (field.min !== undefined) return said(texts.atLeast, locale, { min: field.min });
  return field.max !== undefined ? said(texts.atMost, locale, { max: field.max }) : '';
}

/** What one field's column takes, in the caller's language. */
function takes(def: ResourceDef, all: readonly ResourceDef[], field: ResourceField, locale: Locale): string {
  const what = (() => {
    switch (field.type) {
      case 'string':
        // a pattern says the length and characters itself, as the form's message does
        return field.pattern ? `${said(texts.patterned, locale)}${translateValidation(patternMessage(field.pattern, field.example), locale)}` : said(texts.string, locale, { max: field.max ?? 100 });
      case 'text':
        return said(texts.text, locale, { max: field.max ?? 2000 });
      case 'integer':
        return said(texts.integer, locale) + range(field, locale);
      case 'decimal':
        return said(texts.decimal, locale, { scale: field.scale ?? 2 }) + range(field, locale);
      case 'boolean':
        return said(texts.boolean, locale);
      case 'date':
        return said(texts.date, locale);
      case 'datetime':
        return said(texts.datetime, locale);
      case 'enum':
        return said(texts.enum, locale, { values: field.values!.map((v) => v.label[locale]).join(locale === 'zh-CN' ? '、' : ', ') });
      case 'reference': {
        const other = all.find((r) => r.name === field.to) ?? def;
        const title = other.fields.find((f) => f.name === other.titleField)!;
        return said(texts.reference, locale, { other: locale === 'zh-CN' ? other.label[locale] : other.label[locale].toLowerCase(), title: locale === 'zh-CN' ? title.label[locale] : title.label[locale].toLowerCase() });
      }
    }
  })();
  const unique = field.unique ? said(texts.unique, locale) : '';
  const fallback = field.default !== undefined && field.default !== '' ? said(texts.default, locale, { value: shown(field, field.default, locale) }) : '';
  return what + unique + fallback;
}

/** The notes sheet's rows: its header, then each column's name, whether it must be filled, and what it takes. */
export function templateNotes(def: ResourceDef, all: readonly ResourceDef[], locale: Locale): { sheet: string; rows: SheetCell[][] } {
  const header = templateHeader(def, locale);
  const rows = importFields(def).map((name, i): SheetCell[] => {
    const field = def.fields.find((f) => f.name === name);
    if (!field) return [header[i]!, said(texts.no, locale), said(name === 'department' ? texts.department : texts.owner, locale)];
    const required = field.required === true && field.default === undefined;
    return [header[i]!, said(required ? texts.yes : texts.no, locale), takes(def, all, field, locale)];
  });
  return { sheet: said(texts.notesSheet, locale), rows: [texts.notesHeader[locale], ...rows] };
}
