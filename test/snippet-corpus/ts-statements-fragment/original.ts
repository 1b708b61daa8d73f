import { db } from "./db";

export async function archiveOldPosts(days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const posts = await db.posts.findMany({ where: { createdAt: { lt: cutoff } } });
  let archived = 0;
  for (const post of posts) {
    await db.posts.update({ where: { id: post.id }, data: { archived: true } });
    archived++;
  }
  return archived;
}
