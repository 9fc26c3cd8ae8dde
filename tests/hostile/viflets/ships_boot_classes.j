; A VIFlet whose jar also ships its own vif/Packet (public constructor,
; an extra method) and java/lang/Object: the built-in classes are always
; used (parent first), so the impostors never load.  The VIFlet relays
; normally; at its 10th packet it calls the impostor Packet's extra method:
; NoSuchMethodError aborts it, no impostor code ran.
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; jar: yes
; viflet: ShipsBoot
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class ShipsBoot refused: .*java\.lang\.NoSuchMethodError
; reject-log: EVIL
.version 49
.class public vif/Packet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public static evil ()V
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL impostor vif.Packet ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.class public java/lang/Object
.super java/lang/Object
.method public hashCode ()I
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL impostor Object ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  iconst_0
  ireturn
.end method
.class public ShipsBoot
.super vif/VIFlet
.field private n I
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 3
.limit locals 2
  aload_0
  aload_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  aload_1
  invokevirtual java/lang/Object hashCode ()I
  pop
  aload_0
  dup
  getfield ShipsBoot n I
  iconst_1
  iadd
  dup_x1
  putfield ShipsBoot n I
  bipush 10
  if_icmplt Done
  invokestatic vif/Packet evil ()V
Done:
  return
.end method
