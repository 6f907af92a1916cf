import { Form, Input, InputNumber } from '@arco-design/web-react';
import { departmentCreateBodySchema, departmentUpdateBodySchema, type Department } from '@atrium/contracts/calls/department';
import { useMemo } from 'react';
import { CountedInput } from '../../../components/counted-input';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { OptionsSelect } from '../../../components/options-select';
import { SaveFooter } from '../../../components/save-footer';
import { zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { useFormSave } from '../../../lib/use-form-save';
import { createDepartment, departmentKeys, leaderOptionsQuery, updateDepartment } from '../api/department-queries';
import { parentOptions } from '../lib/tree';
import { DepartmentSelect } from './department-select';

/** `create` (under a parent chosen beforehand, or none yet), or `edit` of a department; null while closed. */
export type DepartmentFormTarget = { mode: 'create'; parentId?: number } | { mode: 'edit'; department: Department } | null;

interface DepartmentFormValues {
  name: string;
  /** The TreeSelect's key: the id as a string. */
  parentId?: string;
  code: string;
  /** An active account's id; none when cleared. */
  leaderId?: number;
  order?: number;
}

const shape = departmentCreateBodySchema.shape;
const NAME_MAX = 50;
/** The server's conflicts that belong to a field. */
const conflictField = { DEPARTMENT_NAME_TAKEN: 'name', DEPARTMENT_CODE_TAKEN: 'code', DEPARTMENT_CYCLE: 'parentId' } as const;

/**
 * 新建 / 编辑 a department: name, parent (a tree without the department itself and those below it, so a
 * move cannot make a cycle; disabled departments, and those beyond the caller's reach, are shown but not
 * offered), code, leader (an active
 * account, searched by name or username) and order. The root keeps no parent. A taken name or code and a
 * cycle (two moves at once) show on their fields with the server's text; a leader disabled meanwhile, on
 * the leader's.
 */
export function DepartmentFormDrawer({
  target,
  departments,
  changeable,
  onClose,
}: {
  target: DepartmentFormTarget;
  departments: readonly Department[];
  /** The departments the caller may change: a parent is chosen among them. */
  changeable: ReadonlySet<number>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<DepartmentFormValues>();
  const editing = target?.mode === 'edit' ? target.department : null;
  const isRoot = editing !== null && editing.parentId === null;
  const treeData = useMemo(() => parentOptions(departments, editing?.id ?? null, changeable), [departments, editing?.id, changeable]);

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialParent = editing ? editing.parentId : target?.mode === 'create' ? target.parentId : undefined;
  const initialValues: DepartmentFormValues = {
    name: editing?.name ?? '',
    parentId: initialParent == null ? undefined : String(initialParent),
    code: editing?.code ?? '',
    leaderId: editing?.leaderId ?? undefined,
    order: editing?.order,
  };
  // The leader's name is in the tree already: the picker shows it without asking.
  const knownLeader = editing?.leaderId != null && editing.leaderName ? { [editing.leaderId]: editing.leaderName } : undefined;

  const { save, submit } = useFormSave(form, {
    mutationFn: (values: DepartmentFormValues) => {
      const fields = { name: values.name, code: values.code, ...(values.order === undefined || values.order === null ? {} : { order: values.order }) };
      const leaderId = values.leaderId ?? null;
      if (!editing) return createDepartment(departmentCreateBodySchema.parse({ ...fields, parentId: Number(values.parentId), ...(leaderId === null ? {} : { leaderId }) }));
      const parentId = isRoot ? null : Number(values.parentId);
      // The whole form: a cleared leader is sent as null, which clears it.
      return updateDepartment(editing.id, departmentUpdateBodySchema.parse({ ...fields, parentId, leaderId, status: editing.status }));
    },
    editing: editing !== null,
    invalidate: departmentKeys.all,
    conflicts: conflictField,
    unchangedIf: (saved) => editing !== null && saved.updatedAt === editing.updatedAt,
    onSaved: onClose,
  });

  return (
    <DialogDrawer
      width="min(560px, 100vw)"
      title={t(editing ? 'systemDepartment.edit.title' : 'systemDepartment.create.title')}
      visible={target !== null}
      onCancel={onClose}
      footer={<SaveFooter onCancel={onClose} onSave={submit} saving={save.isPending} />}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form id="department-form" form={form} layout="vertical" autoComplete="off" initialValues={initialValues}>
        <Form.Item label={t('systemDepartment.field.name')} field="name" required rules={[zodRule(shape.name, t)]}>
          <CountedInput placeholder={t('systemDepartment.field.name.placeholder')} maxLength={NAME_MAX} />
        </Form.Item>
        {isRoot ? (
          <Form.Item label={t('systemDepartment.field.parent')} extra={t('systemDepartment.root.noParent')}>
            <Input value={t('systemDepartment.root.none')} disabled aria-label={t('systemDepartment.field.parent')} />
          </Form.Item>
        ) : (
          <Form.Item label={t('systemDepartment.field.parent')} field="parentId" required rules={[{ required: true, message: t('systemDepartment.field.parent.required') }]}>
            <DepartmentSelect
              options={treeData}
              allowClear
              placeholder={t('systemDepartment.field.parent.placeholder')}
              aria-label={t('systemDepartment.field.parent')}
              data-testid="department-parent"
            />
          </Form.Item>
        )}
        <Form.Item label={t('systemDepartment.field.code')} field="code" rules={[zodRule(shape.code, t)]} extra={t('systemDepartment.field.code.extra')}>
          <Input placeholder={t('systemDepartment.field.code.placeholder')} />
        </Form.Item>
        <Form.Item label={t('systemDepartment.field.leader')} field="leaderId" extra={t('systemDepartment.field.leader.extra')}>
          <OptionsSelect
            optionsQuery={leaderOptionsQuery}
            known={knownLeader}
            placeholder={t('systemDepartment.field.leader.placeholder')}
            aria-label={t('systemDepartment.field.leader')}
            data-testid="department-leader"
          />
        </Form.Item>
        <Form.Item label={t('systemDepartment.field.order')} field="order" rules={[zodRule(shape.order, t)]} extra={t('systemDepartment.field.order.extra')}>
          <InputNumber min={0} max={99_999} precision={0} placeholder="0" />
        </Form.Item>
      </Form>
    </DialogDrawer>
  );
}
