func fail(w http.ResponseWriter, err error, status int) {
	http.Error(w, err.Error(), status)
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, s.maxBody))
	if err != nil {
		fail(w, err, http.StatusBadRequest)
		return
	}
	if err := s.store.Put(r.URL.Path, body); err != nil {
		fail(w, err, http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
