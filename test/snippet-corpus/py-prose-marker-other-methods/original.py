import sqlite3


class UserStore:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT, email TEXT)")

    def add(self, name: str, email: str) -> int:
        cur = self.conn.execute("INSERT INTO users (name, email) VALUES (?, ?)", (name, email))
        self.conn.commit()
        return cur.lastrowid

    def get(self, user_id: int):
        return self.conn.execute("SELECT id, name, email FROM users WHERE id = ?", (user_id,)).fetchone()

    def by_email(self, email: str):
        query = "SELECT id, name, email FROM users WHERE email = '%s'" % email
        return self.conn.execute(query).fetchone()

    def close(self) -> None:
        self.conn.close()
