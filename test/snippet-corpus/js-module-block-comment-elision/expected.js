'use strict';

const express = require('express');
const { listTodos, createTodo, deleteTodo } = require('./store');

const router = express.Router();

router.get('/', async (req, res) => {
  res.json(await listTodos());
});

router.post('/', async (req, res) => {
  const title = typeof req.body.title === 'string' ? req.body.title.trim() : '';
  if (!title) {
    return res.status(400).json({ error: 'title is required' });
  }
  const todo = await createTodo(title);
  res.status(201).json(todo);
});

router.delete('/:id', async (req, res) => {
  await deleteTodo(req.params.id);
  res.status(204).end();
});

module.exports = router;
