import { Model } from 'objection';

/** Common behaviour: models with an updated_at column keep it current on every update. */
export class BaseModel extends Model {
  static hasUpdatedAt = false;

  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) {
      (this as unknown as { updatedAt: Date }).updatedAt = new Date();
    }
  }
}
