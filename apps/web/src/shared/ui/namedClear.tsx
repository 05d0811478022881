import { CloseCircleFilled } from '@ant-design/icons';

/**
 * `allowClear` for an antd Input whose clear button holds only its icon: the button is named `name` in pt-BR
 * instead of the icon's 'close-circle'. Keep the field's own label out of `name`: people and tests find the
 * field by it.
 */
export const namedClear = (name: string) => ({ clearIcon: <CloseCircleFilled aria-label={name} /> });
