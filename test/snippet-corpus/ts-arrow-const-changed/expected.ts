import type { Request, Response } from "express";
import { users } from "./db";

export const getUser = async (req: Request, res: Response) => {
  const user = await users.findById(req.params.id);
  if (!user) {
    res.status(404).json({ error: "not found" });
    return;
  }
  res.json(user);
};

export const listUsers = async (_req: Request, res: Response) => {
  res.json(await users.findAll());
};
