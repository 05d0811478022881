import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppErrorScreen } from './AppErrorScreen';

interface Props {
  children: ReactNode;
  /** Changing this key (e.g. the route) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** The application-error fallback of the status screens: a render error shows a calm screen instead of a blank page. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Erro na aplicação', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <AppErrorScreen onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
