import { Alert, App, Col, Form, Input, Modal, Row, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConsoleError } from '../app/api.ts';
import { schemaRule, showServerErrors } from '../app/form.ts';
import type { MessageKey } from '../app/i18n/index.ts';
import { useConfirmLeave, useUnsaved } from '../app/unsaved.ts';

/**
 * One field of an edit form, described rather than written: its label, its input (a text box
 * unless given) and its width on a 24-column row. Its rule is the contract schema's own field of
 * the same name, so the form refuses what the server refuses, with the same words.
 */
export interface FieldSpec {
  name: string;
  label: MessageKey;
  /** A help line under the field. */
  extra?: MessageKey;
  input?: ReactNode;
  span?: number;
  /** `checked` for a switch. */
  valuePropName?: string;
  required?: boolean;
  /**
   * The rule's schema when the form's field differs from the wire's; false when the form holds
   * the field in another shape that is converted before sending (an empty choice for null).
   */
  schema?: z.ZodType | false;
}

/** A form's fields from their specs, on a grid (a dialog at 768 px keeps two columns at most). */
export function FieldGrid({ fields, schema }: { fields: FieldSpec[]; schema?: z.ZodObject }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {fields.map((field) => {
        const fromContract =
          field.schema === false
            ? undefined
            : (field.schema ?? (schema?.shape[field.name] as z.ZodType | undefined));
        const rules = [
          ...(field.required ? [{ required: true, message: t('required') }] : []),
          ...(fromContract ? [schemaRule(fromContract)] : []),
        ];
        return (
          <Col key={field.name} xs={24} md={Math.max(field.span ?? 24, 12)} lg={field.span ?? 24}>
            <Form.Item
              name={field.name}
              label={t(field.label)}
              extra={field.extra && t(field.extra)}
              valuePropName={field.valuePropName}
              rules={rules}
            >
              {field.input ?? <Input />}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * A form in a dialog that saves through `onSave` and closes. Server refusals land beside their
 * fields (`fieldNames` renames wire fields to the form's, e.g. price_cents → price), the rest above
 * the form. Closing with changes not saved (Escape, the mask, ×, Cancel) asks first.
 */
export function EditDialog<F extends object>({
  title,
  initialValues,
  onSave,
  onClose,
  children,
  width = 640,
  fieldNames = {},
  onValuesChange,
  form: given,
  okText,
  savedText,
}: {
  title: ReactNode;
  initialValues: F;
  onSave: (values: F) => Promise<unknown>;
  onClose: (saved: boolean) => void;
  children: ReactNode;
  width?: number;
  fieldNames?: Record<string, string>;
  onValuesChange?: (values: F) => void;
  form?: FormInstance<F>;
  okText?: string;
  /** What the toast says once saved (given the save's reply); "saved" unless told. */
  savedText?: (reply: unknown, values: F) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [own] = Form.useForm<F>();
  const form = given ?? own;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const confirmLeave = useConfirmLeave();
  useUnsaved(changed);

  const submit = async (values: F) => {
    setSaving(true);
    setProblem(null);
    try {
      const reply = await onSave(values);
      setChanged(false);
      message.success(savedText ? savedText(reply, values) : t('saved'));
      onClose(true);
    } catch (error) {
      const renamed =
        error instanceof ConsoleError
          ? new ConsoleError(
              error.status,
              error.error,
              Object.fromEntries(
                Object.entries(error.fields).map(([name, key]) => [fieldNames[name] ?? name, key]),
              ),
            )
          : error;
      setProblem(showServerErrors(form, renamed));
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    if (changed && !(await confirmLeave(true))) return;
    setChanged(false);
    onClose(false);
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText ?? t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => void cancel()}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form<F>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(_, values) => {
          setChanged(true);
          onValuesChange?.(values);
        }}
      >
        {children}
      </Form>
    </Modal>
  );
}
