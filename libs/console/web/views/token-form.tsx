/** The sign-in form: a token typed in, kept in this tab's sessionStorage only. */
import { useState } from 'preact/hooks';
import type { Settings } from '../api.js';

export function TokenForm({ settings, problem, onToken }: { settings: Settings; problem: string | undefined; onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main class="sign-in">
      <h1>Schema discovery console</h1>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <p>
          {settings.mode === 'serve'
            ? 'Open the console with the link serve printed when it started (it signs you in once), or enter a token of DISCOVERY_TOKENS.'
            : 'Enter a token of this indexer (DISCOVERY_TOKENS, or a JWT). It is kept in this tab only and sent to this service alone.'}
        </p>
        <label>
          Token{' '}
          <input
            type="password"
            name="token"
            autocomplete="off"
            value={value}
            onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            required
          />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
