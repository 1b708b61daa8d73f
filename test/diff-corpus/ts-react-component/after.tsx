import { useEffect, useState } from 'react';

interface User {
  name: string;
}

export function UserList({ url }: { url: string }) {
  const [users, setUsers] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((r) => r.json())
      .then((data: User[]) => {
        setUsers(data.map((u) => u.name));
        setLoading(false);
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e.message);
      });
    return () => controller.abort();
  }, [url]);

  if (error) return <p role="alert">{error}</p>;
  if (loading) return <p>Loading…</p>;
  return (
    <ul>
      {users.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
