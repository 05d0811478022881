import { ColorPicker, Form, Input, Select } from 'antd';
import { NOTE_LIMITS, NOTE_MESSAGES, type NoteCategory } from '@mirante/shared';

export const NEW_CATEGORY = 'nova';
const required = [{ required: true, message: NOTE_MESSAGES.required }];

/** The category of a note: an existing one, or 'Nova categoria' with its name and colour. */
export function NoteCategoryFields({
  categories,
  loading,
}: {
  categories: readonly NoteCategory[];
  loading: boolean;
}) {
  return (
    <>
      <Form.Item name="category" label="Categoria" rules={required}>
        <Select
          placeholder="Selecione a categoria"
          loading={loading}
          options={[
            ...categories.map((category) => ({
              value: category.id,
              label: (
                <span>
                  <span className="construction-swatch" style={{ background: category.color }} />
                  {category.name}
                </span>
              ),
            })),
            { value: NEW_CATEGORY, label: '+ Nova categoria' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.category !== after.category}>
        {({ getFieldValue }) =>
          getFieldValue('category') === NEW_CATEGORY && (
            <div style={{ display: 'flex', gap: 12 }}>
              <Form.Item name="categoryName" label="Nome da categoria" rules={required} style={{ flex: 1 }}>
                <Input maxLength={NOTE_LIMITS.categoryName} showCount />
              </Form.Item>
              <Form.Item
                name="categoryColor"
                label="Cor"
                rules={[...required, { len: NOTE_LIMITS.color, message: NOTE_MESSAGES.colorInvalid }]}
                // The picker's second argument is its CSS string, 'rgb(r, g, b)', which the 7-character rule (and the
                // server) refuse: the value is the colour's '#rrggbb'.
                getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
              >
                <ColorPicker format="hex" disabledAlpha showText />
              </Form.Item>
            </div>
          )
        }
      </Form.Item>
    </>
  );
}
