import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  EllipsisOutlined,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
  LoadingOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';

/**
 * antd's own icons, given through the options antd has for them: an icon carries the English name of its file
 * ('loading', 'check-circle', 'search') unless told otherwise, and a screen reader reads it out. Beside a text an
 * icon is hidden; where it is the control's only content it is named in pt-BR, with names no field label holds
 * (tests and people find the fields by those).
 */
export const ANTD_ICONS: Pick<
  ConfigProviderProps,
  'alert' | 'button' | 'inputPassword' | 'inputSearch' | 'select' | 'tabs'
> = {
  alert: {
    successIcon: <CheckCircleFilled aria-hidden />,
    infoIcon: <InfoCircleFilled aria-hidden />,
    warningIcon: <ExclamationCircleFilled aria-hidden />,
    errorIcon: <CloseCircleFilled aria-hidden />,
  },
  button: { loadingIcon: <LoadingOutlined aria-hidden /> },
  // The eye is reached by the mouse only (antd gives it no tab stop); the field keeps its own label.
  inputPassword: {
    iconRender: (visible) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />),
  },
  // The search button holds nothing but the icon: its name is the button's.
  inputSearch: { searchIcon: <SearchOutlined aria-label="Buscar" /> },
  // The arrow, the clear and a chosen item's remove beside the combobox, which holds the name.
  select: {
    suffixIcon: <DownOutlined aria-hidden />,
    clearIcon: <CloseCircleFilled aria-hidden />,
    removeIcon: <CloseOutlined aria-hidden />,
    loadingIcon: <LoadingOutlined aria-hidden />,
  },
  tabs: { moreIcon: <EllipsisOutlined aria-label="Mais abas" /> },
};
