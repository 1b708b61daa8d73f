import React from "react";

export function Avatar({ url, name }: { url?: string; name: string }) {
  if (!url) {
    const initials = name
      .split(" ")
      .map((part) => part[0]?.toUpperCase() ?? "")
      .join("");
    return <span className="avatar avatar-initials">{initials}</span>;
  }
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
