import { serverMessageOr } from './api';
import { toast } from './toast';

/** The spec's failure toast: title (default "Error") and the server's message, else the fallback text. */
export function toastError(error: unknown, fallback: string, title = 'Error'): void {
  toast({ title, description: serverMessageOr(error, fallback), variant: 'destructive' });
}
