import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFailure } from './RemoteFailure';

interface Props {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that throws inside its own area: the header, footer and other areas stay up. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote "${this.props.remote}" failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteFailure
          remote={this.props.remote}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
