import type { Request, Response } from "express";
import { users } from "./db";

export const getUser = async (req: Request, res: Response) => {
  const user = await users.findById(req.params.id);
  res.json(user);
};

export const listUsers = async (_req: Request, res: Response) => {
  res.json(await users.findAll());
};
