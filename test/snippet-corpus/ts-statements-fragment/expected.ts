import { db } from "./db";

export async function archiveOldPosts(days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const { count } = await db.posts.updateMany({
    where: { createdAt: { lt: cutoff }, archived: false },
    data: { archived: true },
  });
  return count;
}
