import React from "react";

export function Avatar({ url, name }: { url: string; name: string }) {
  return <img className="avatar" src={url} alt={name} />;
}

export function UserCard({ user }: { user: User }) {
  return (
    <div className="card">
      <Avatar url={user.avatarUrl} name={user.name} />
      <h3>{user.name}</h3>
    </div>
  );
}
