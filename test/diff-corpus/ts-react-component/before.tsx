import { useEffect, useState } from 'react';

export function UserList({ url }: { url: string }) {
  const [users, setUsers] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    fetch(url)
      .then((r) => r.json())
      .then((data) => {
        setUsers(data.map((u: { name: string }) => u.name));
        setLoading(false);
      });
  }, [url]);

  if (loading) return <p>Loading…</p>;
  return (
    <ul>
      {users.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
