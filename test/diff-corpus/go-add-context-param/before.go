package store

import (
	"database/sql"
)

type Store struct {
	db *sql.DB
}

func (s *Store) UserName(id int64) (string, error) {
	var name string
	err := s.db.QueryRow("SELECT name FROM users WHERE id = ?", id).Scan(&name)
	return name, err
}

func (s *Store) Rename(id int64, name string) error {
	_, err := s.db.Exec("UPDATE users SET name = ? WHERE id = ?", name, id)
	return err
}

func (s *Store) Delete(id int64) error {
	_, err := s.db.Exec("DELETE FROM users WHERE id = ?", id)
	return err
}
